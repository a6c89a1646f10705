/* The harness: same bytes for any thread count, seat rotation, summary
 * against the rows, Wilson intervals, bad input, Ctrl-C. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h" /* first: it gives the state its fields */
#include "../../agents/agent.h"
#include "../../sim/run/harness.h"
#include "../../sim/run/play.h"
#include "../../sim/run/tally.h"
#include "../../sim/run/journal.h"
#include "../../sim/run/lineup.h"
#include "../../analysis/stats.h"

static char jamaica[PATH_MAX];

static int setup(void **state)
{
    (void)state;
    if (!realpath("bin/jamaica", jamaica)) {
        fprintf(stderr, "bin/jamaica: %s (build it and run from the project root)\n", strerror(errno));
        return -1;
    }
    return 0;
}

static char *tmpdir(void)
{
    static char dir[64];
    strcpy(dir, "/tmp/jamaica-test-XXXXXX");
    if (!mkdtemp(dir)) fail_msg("mkdtemp: %s", strerror(errno));
    return dir;
}

static void rmdir_all(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char p[PATH_MAX];
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        unlink(p);
    }
    if (d) closedir(d);
    rmdir(dir);
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int n = 0;
    while (d && (e = readdir(d))) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d) closedir(d);
    return n;
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("%s: %s", path, strerror(errno));
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n) fail_msg("%s: short read", path);
    buf[n] = '\0';
    fclose(f);
    if (len) *len = (size_t)n;
    return buf;
}

/* Split one CSV line (quotes allowed) into fields; returns the count. */
static int split_csv(char *line, char **f, int max)
{
    int n = 0;
    char *p = line;
    while (n < max) {
        if (*p == '"') {
            char *w = ++p;
            f[n++] = w;
            for (;;) {
                if (*p == '"' && p[1] == '"') {
                    *w++ = '"';
                    p += 2;
                } else if (*p == '"') {
                    p++;
                    break;
                } else {
                    *w++ = *p++;
                }
            }
            *w = '\0';
        } else {
            f[n++] = p;
            p += strcspn(p, ",\n");
        }
        if (*p != ',') {
            *p = '\0';
            break;
        }
        *p++ = '\0';
    }
    return n;
}

static sim_config config(const char *dir, int players, const char *agents, int threads, uint64_t games)
{
    static char out[PATH_MAX], rows[PATH_MAX];
    sim_config c;
    memset(&c, 0, sizeof c);
    c.games = games;
    c.seed = JM_SEED(42);
    c.players = players;
    c.threads = threads;
    jm_rules_default(&c.rules);
    char err[256];
    if (sim_parse_agents(agents, players, c.specs, err, sizeof err)) fail_msg("%s", err);
    snprintf(out, sizeof out, "%s/summary.csv", dir);
    snprintf(rows, sizeof rows, "%s/games.csv", dir);
    c.out_path = out;
    c.games_path = rows;
    return c;
}

static void run(const sim_config *c)
{
    static volatile sig_atomic_t never;
    sim_outcome o;
    char err[256];
    if (sim_run(c, &never, &o, err, sizeof err)) fail_msg("sim_run: %s", err);
    assert_int_equal(o.games_done, c->games);
    assert_false(o.interrupted);
}

static void test_sim_same_bytes_for_1_and_2_threads(void **state)
{
    (void)state;
    struct { int players, rotate; const char *agents; } cases[] = {
        {4, 1, "first,random,random,random"}, {2, 0, "random"}, {5, 0, "random,first,random,first,random"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *outs[2][2];
        size_t lens[2][2];
        for (int t = 0; t < 2; t++) {
            char *dir = tmpdir();
            sim_config c = config(dir, cases[k].players, cases[k].agents, t + 1, 3000);
            c.rotate = cases[k].rotate;
            run(&c);
            outs[t][0] = slurp(c.out_path, &lens[t][0]);
            outs[t][1] = slurp(c.games_path, &lens[t][1]);
            rmdir_all(dir);
        }
        for (int f = 0; f < 2; f++) {
            assert_int_equal(lens[0][f], lens[1][f]);
            assert_memory_equal(outs[0][f], outs[1][f], lens[0][f]);
            free(outs[0][f]);
            free(outs[1][f]);
        }
    }
}

static void test_sim_rotate_seats_balance_exactly(void **state)
{
    (void)state;
    char *dir = tmpdir();
    sim_config c = config(dir, 4, "first,random,random,first", 2, 4000);
    c.rotate = 1;
    /* Spec index k sits in seat i exactly N/P times. */
    int seen[4][4] = {{0}};
    agent ag[4];
    agent *by[4];
    for (int k = 0; k < 4; k++) {
        agent_create(&ag[k], c.specs[k], NULL, 0);
        by[k] = &ag[k];
    }
    for (uint64_t g = 0; g < 400; g++) {
        sim_game r;
        sim_play_game(&c, by, g, &r, NULL, 0);
        for (int i = 0; i < 4; i++) seen[i][r.seat[i].agent]++;
    }
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 4; k++) assert_int_equal(seen[i][k], 100);
    /* And in the files: "first" holds every seat 2000 times in 4000 games. */
    run(&c);
    char *rows = slurp(c.games_path, NULL), *save = NULL, *f[32];
    int first_in_seat[4] = {0};
    for (char *line = strtok_r(rows, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "game,", 5)) continue;
        assert_int_equal(split_csv(line, f, 32), 22);
        if (!strcmp(f[5], "first")) first_in_seat[atoi(f[4])]++;
    }
    for (int i = 0; i < 4; i++) assert_int_equal(first_in_seat[i], 2000);
    free(rows);
    rmdir_all(dir);
}

/* The summary's figures are the per-game rows summed. */
/* Sums from GAMES.csv by group and key: games, wins, score, rounds; and
 * per group the game's wins (a cluster: an agent's seats of one game), with
 * their squares in 420ths. */
typedef struct row_sum {
    char group[16], key[64];
    long n, score, rounds, game;
    double wins, game_wins, sq420;
    an_cluster cl;
} row_sum;

/* The row_sum of group/key in sums[] (added if new). */
static row_sum *row_sum_of(row_sum *sums, int *nsum, const char *grp, const char *key)
{
    int k = 0;
    while (k < *nsum && (strcmp(sums[k].group, grp) || strcmp(sums[k].key, key))) k++;
    if (k == *nsum) {
        memset(&sums[k], 0, sizeof sums[k]);
        strcpy(sums[k].group, grp);
        strcpy(sums[k].key, key);
        (*nsum)++;
    }
    return &sums[k];
}

/* A group's game is over: its wins' square and its cluster. */
static void row_sum_close_game(row_sum *x)
{
    x->sq420 += (x->game_wins * 420) * (x->game_wins * 420);
    x->game_wins = 0;
    an_cluster_close(&x->cl);
}

/* Sums a GAMES.csv into sums[] (at most 32); the games and their rounds. */
static int sum_rows(const char *path, row_sum *sums, long *ngames, long *rounds_all)
{
    int nsum = 0;
    char *rows = slurp(path, NULL), *save = NULL, *f[32];
    for (char *line = strtok_r(rows, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "game,", 5)) continue;
        assert_int_equal(split_csv(line, f, 32), 22);
        int ghost = atoi(f[6]);
        if (atoi(f[4]) == 0) {
            (*ngames)++;
            *rounds_all += atol(f[9]);
        }
        const char *groups[3] = {"agent", "seat", "captain_offset"};
        const char *keys[3] = {f[5], f[4], f[8]};
        for (int gi = 0; gi < (ghost ? 1 : 3); gi++) {
            row_sum *x = row_sum_of(sums, &nsum, ghost ? "ghost" : groups[gi], ghost ? "ghost" : keys[gi]);
            if (x->n && x->game != atol(f[0])) row_sum_close_game(x);
            x->game = atol(f[0]);
            x->game_wins += atof(f[14]);
            an_cluster_add(&x->cl, atof(f[14]));
            x->n++;
            x->wins += atof(f[14]);
            x->score += atol(f[12]);
            x->rounds += atol(f[9]);
        }
    }
    free(rows);
    for (int k = 0; k < nsum; k++) row_sum_close_game(&sums[k]);
    return nsum;
}

/* Every row of the summary (of `games` games) against the sums; the rows
 * matched. */
static int check_summary(const char *path, row_sum *sums, int nsum, long games, long rounds_all)
{
    char *sum = slurp(path, NULL), *save = NULL, *f[32];
    int matched = 0;
    for (char *line = strtok_r(sum, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "seed,", 5)) continue;
        assert_int_equal(split_csv(line, f, 32), 21);
        assert_int_equal(atol(f[3]), games);
        assert_int_equal(atol(f[14]), 0); /* first_game */
        if (!strcmp(f[4], "all")) {
            assert_int_equal(atol(f[6]), games);
            assert_true(fabs(atof(f[12]) - (double)rounds_all / games) < 1e-3);
            continue;
        }
        int k = 0;
        while (k < nsum && (strcmp(sums[k].group, f[4]) || strcmp(sums[k].key, f[5]))) k++;
        if (k == nsum) fail_msg("summary row %s/%s has no game rows", f[4], f[5]);
        assert_int_equal(atol(f[6]), sums[k].n);
        assert_true(fabs(atof(f[7]) - sums[k].wins) < 1e-3);
        assert_true(fabs(atof(f[8]) - sums[k].wins / sums[k].n) < 1e-5);
        assert_true(fabs(atof(f[11]) - (double)sums[k].score / sums[k].n) < 1e-3);
        assert_true(fabs(atof(f[12]) - (double)sums[k].rounds / sums[k].n) < 1e-3);
        /* The exact tallies that merge adds up. */
        assert_int_equal(atoll(f[16]), llround(sums[k].wins * 420));
        assert_int_equal(atoll(f[17]), sums[k].score);
        assert_int_equal(atoll(f[18]), sums[k].rounds);
        /* The interval with the game as the unit, from the rows. */
        assert_int_equal(atoll(f[20]), llround(sums[k].sq420));
        assert_int_equal(sums[k].cl.clusters, games);
        an_interval iv = an_cluster_bounded(&sums[k].cl, 0, 1);
        assert_true(fabs(atof(f[9]) - iv.lo) < 1e-5 && fabs(atof(f[10]) - iv.hi) < 1e-5);
        matched++;
    }
    free(sum);
    return matched;
}

static void test_sim_summary_equals_rows_summed(void **state)
{
    (void)state;
    for (int players = 2; players <= 4; players += 2) {
        char *dir = tmpdir();
        sim_config c = config(dir, players, players == 2 ? "first,random" : "random,first,random,random", 2, 2500);
        c.rotate = 1;
        run(&c);
        row_sum sums[32];
        long ngames = 0, rounds_all = 0;
        int nsum = sum_rows(c.games_path, sums, &ngames, &rounds_all);
        assert_int_equal(ngames, 2500);
        int matched = check_summary(c.out_path, sums, nsum, 2500, rounds_all);
        /* agents (2 distinct), seats, offsets, and the ghost with 2 players. */
        assert_int_equal(matched, 2 + 2 * players + (players == 2));
        assert_int_equal(matched, nsum);
        rmdir_all(dir);
    }
}

static void test_timing_quantiles_known_values(void **state)
{
    (void)state;
    sim_timing *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    /* 1..100 ns: exact buckets below 32 ns, so the median is 50 or its
     * bucket's middle, within 3%; the p99 within 3% of 99. */
    for (uint64_t ns = 1; ns <= 100; ns++) timing_add(ns % 2 ? a : b, ns);
    assert_int_equal(a->timed, 50);
    timing_merge(a, b);
    assert_int_equal(a->timed, 100);
    assert_int_equal(a->ns, 5050);
    assert_true(fabs(timing_mean_ms(a) - 50.5e-6) < 1e-12);
    assert_true(fabs(timing_quantile_ms(a, 0.5) / 50e-6 - 1) < 0.03);
    assert_true(fabs(timing_quantile_ms(a, 0.99) / 99e-6 - 1) < 0.03);
    assert_true(fabs(timing_quantile_ms(a, 0.10) - 10e-6) < 1e-12); /* exact below 32 ns */
    /* From 1 us to 10 s, log-spaced: every quantile within 3.2% of the true
     * order statistic, and one outlier moves the p99 only past 99%. */
    memset(b, 0, sizeof *b);
    double v[1000];
    for (int i = 0; i < 1000; i++) {
        v[i] = 1e3 * pow(1e7, i / 999.0);
        timing_add(b, (uint64_t)v[i]);
    }
    double qs[] = {0.01, 0.25, 0.5, 0.9, 0.99, 1.0};
    for (size_t k = 0; k < sizeof qs / sizeof qs[0]; k++) {
        double want = floor(v[(int)ceil(qs[k] * 1000) - 1]) / 1e6;
        assert_true(fabs(timing_quantile_ms(b, qs[k]) / want - 1) < 0.032);
    }
    double empty = timing_quantile_ms(&(sim_timing){0}, 0.99);
    assert_true(empty == 0.0);
    free(a);
    free(b);
}

/* Run bin/jamaica in dir; the exit status, stderr's first line in err. */
static int spawn(const char *dir, char *const *args, char *err, size_t errlen, pid_t *pid_out)
{
    int pipefd[2];
    if (pipe(pipefd)) fail_msg("pipe");
    pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir)) _exit(99);
        dup2(pipefd[1], 2);
        close(pipefd[0]);
        int devnull = open("/dev/null", 1);
        dup2(devnull, 1);
        char *argv[32];
        int n = 0;
        argv[n++] = jamaica;
        for (; args[n - 1] && n < 31; n++) argv[n] = args[n - 1];
        argv[n] = NULL;
        execv(jamaica, argv);
        _exit(98);
    }
    close(pipefd[1]);
    if (pid_out) {
        *pid_out = pid;
        return pipefd[0];
    }
    FILE *f = fdopen(pipefd[0], "r");
    err[0] = '\0';
    if (!fgets(err, (int)errlen, f)) err[0] = '\0';
    while (fgetc(f) != EOF) {}
    fclose(f);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static void test_sim_bad_input_exit_2_and_no_file(void **state)
{
    (void)state;
    struct { const char *want; char *args[12]; } cases[] = {
        {"'-5'", {"sim", "--games", "-5", "--out", "s.csv", NULL}},
        {"'abc'", {"sim", "--games", "abc", "--out", "s.csv", NULL}},
        {"'0'", {"sim", "--games", "0", "--out", "s.csv", NULL}},
        {"'1'", {"sim", "--players", "1", "--out", "s.csv", NULL}},
        {"'7'", {"sim", "--players", "7", "--out", "s.csv", NULL}},
        {"'nobody'", {"sim", "--agents", "random,nobody", "--players", "2", "--out", "s.csv", NULL}},
        {"3 agents for 4 players", {"sim", "--agents", "random,first,random", "--players", "4", "--out", "s.csv", NULL}},
        {"'weird'", {"sim", "--rules", "weird", "--out", "s.csv", NULL}},
        {"'x'", {"sim", "--rules", "classic,x=1", "--out", "s.csv", NULL}},
        {"'0'", {"sim", "--threads", "0", "--out", "s.csv", NULL}},
        {"'--frob'", {"sim", "--frob", "--out", "s.csv", NULL}},
        {"'simulate'", {"simulate", "--out", "s.csv", NULL}},
        {"'no/such/dir/s.csv'", {"sim", "--games", "10", "--out", "no/such/dir/s.csv", NULL}},
        {"'no/such/g.csv'", {"sim", "--games", "10", "--out", "s.csv", "--games-csv", "no/such/g.csv", NULL}},
        {"same file", {"sim", "--games", "10", "--out", "s.csv", "--games-csv", "s.csv", NULL}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *dir = tmpdir(), err[512];
        int rc = spawn(dir, cases[i].args, err, sizeof err, NULL);
        if (rc != 2 || strncmp(err, "jamaica: ", 9) || !strstr(err, cases[i].want))
            fail_msg("case %zu: exit %d, stderr '%s' (want exit 2 naming %s)", i, rc, err, cases[i].want);
        assert_int_equal(count_files(dir), 0);
        rmdir_all(dir);
    }
}

/* SIGINT, SIGTERM and SIGHUP stop a run cleanly: exit 128 + the signal,
 * complete files for the games completed, no temporary file, and (a run
 * shorter than the checkpoint interval) no checkpoint or log: a longer
 * run's stop updates its checkpoint (tests/scenarios/faults.sh). */
static void stop_leaves_complete_files(int sig)
{
    char *dir = tmpdir();
    char *args[] = {"sim", "--games", "100000000", "--threads", "2", "--out", "s.csv", "--games-csv", "g.csv", NULL};
    pid_t pid;
    int fd = spawn(dir, args, NULL, 0, &pid);
    usleep(800 * 1000);
    kill(pid, sig);
    char buf[512];
    size_t got = 0;
    ssize_t r;
    while ((r = read(fd, buf + got, sizeof buf - 1 - got)) > 0) got += (size_t)r;
    buf[got] = '\0';
    close(fd);
    int st;
    waitpid(pid, &st, 0);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 128 + sig);
    assert_non_null(strstr(buf, "stopped by"));
    assert_null(strstr(buf, "checkpoint"));
    assert_int_equal(count_files(dir), 2);
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/g.csv", dir);
    size_t len;
    char *rows = slurp(path, &len);
    assert_true(len > 0 && rows[len - 1] == '\n');
    long lines = 0, last_game = -1;
    char *save = NULL, *f[32];
    for (char *line = strtok_r(rows, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (!strncmp(line, "game,", 5)) continue;
        assert_int_equal(split_csv(line, f, 32), 22);
        long g = atol(f[0]);
        assert_true(g == last_game || g == last_game + 1);
        last_game = g;
        lines++;
    }
    free(rows);
    snprintf(path, sizeof path, "%s/s.csv", dir);
    char *sum = slurp(path, NULL);
    char *line2 = strchr(sum, '\n') + 1;
    assert_int_equal(split_csv(line2, f, 32), 21);
    long total = atol(f[3]);
    assert_true(total > 0);
    assert_int_equal(total, last_game + 1);
    assert_int_equal(lines, total * 4);
    free(sum);
    rmdir_all(dir);
}

static void test_sim_stop_signals_leave_complete_files(void **state)
{
    (void)state;
    stop_leaves_complete_files(SIGINT);
    stop_leaves_complete_files(SIGTERM);
    stop_leaves_complete_files(SIGHUP);
}

/* A second signal ends the run at once, and the temporary files go with
 * it, the log of games no checkpoint holds yet too: the directory is left
 * empty. */
static void test_sim_second_signal_leaves_no_file(void **state)
{
    (void)state;
    char *dir = tmpdir();
    /* Games of many seconds each, so the first signal cannot finish them. */
    char *args[] = {"sim", "--games", "4", "--threads", "2", "--agents", "mcts:iters=2000000", "--out", "s.csv",
                    "--games-csv", "g.csv", "--timing", "t.csv", NULL};
    pid_t pid;
    int fd = spawn(dir, args, NULL, 0, &pid);
    usleep(500 * 1000);
    int during = count_files(dir); /* asserted once the run is ended: a failure here must not leave it running */
    kill(pid, SIGTERM);
    usleep(100 * 1000);
    kill(pid, SIGTERM);
    char buf[256];
    while (read(fd, buf, sizeof buf) > 0) {}
    close(fd);
    int st;
    waitpid(pid, &st, 0);
    assert_int_equal(during, 1); /* the checkpoint's log (the temporaries have no name) */
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGTERM);
    assert_int_equal(count_files(dir), 0);
    rmdir_all(dir);
}

/* Memory does not grow with the number of games. */
static long maxrss_of(const char *games)
{
    char *dir = tmpdir();
    pid_t pid = fork();
    if (pid == 0) {
        if (chdir(dir)) _exit(99);
        int devnull = open("/dev/null", 1);
        dup2(devnull, 1);
        dup2(devnull, 2);
        execl(jamaica, jamaica, "sim", "--games", games, "--out", "s.csv", "--games-csv", "g.csv", (char *)NULL);
        _exit(98);
    }
    int st;
    struct rusage ru;
    wait4(pid, &st, 0, &ru);
    assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    rmdir_all(dir);
    return ru.ru_maxrss;
}

static void test_sim_memory_flat_in_games(void **state)
{
    (void)state;
    long small = maxrss_of("10000"), big = maxrss_of("200000");
    print_message("max RSS: %ld KiB for 10,000 games, %ld KiB for 200,000\n", small, big);
    assert_true(big < small + 1024);
}

/* docs/FORMATS.md names every column of the three files. */
static void test_formats_documents_every_csv_column(void **state)
{
    (void)state;
    char *dir = tmpdir();
    sim_config c = config(dir, 2, "random", 1, 3);
    char timing[PATH_MAX];
    snprintf(timing, sizeof timing, "%s/timing.csv", dir);
    c.timing_path = timing;
    run(&c);
    char *doc = slurp("docs/FORMATS.md", NULL);
    const char *files[3] = {c.games_path, c.out_path, c.timing_path};
    for (int i = 0; i < 3; i++) {
        char *text = slurp(files[i], NULL), *f[32], key[64];
        *strchr(text, '\n') = '\0';
        int n = split_csv(text, f, 32);
        assert_true(n >= 6);
        for (int k = 0; k < n; k++) {
            snprintf(key, sizeof key, "`%s`", f[k]);
            if (!strstr(doc, key)) fail_msg("docs/FORMATS.md does not document column %s", f[k]);
        }
        free(text);
    }
    free(doc);
    rmdir_all(dir);
}

/* Checkpoints in one process (so that the sanitizers see journal.c): a
 * run stopped after some games leaves a checkpoint of them; a checkpoint of
 * another seed is refused naming it, and a new run will not overwrite it;
 * resumed on another thread count, the files are the uninterrupted run's
 * and the checkpoint and its log are gone.  (tests/scenarios/faults.sh kills the
 * command with SIGKILL.) */
typedef struct stopper {
    volatile sig_atomic_t *stop;
    uint64_t seen, after;
} stopper;

static int stop_after(void *ctx, const sim_game *r)
{
    stopper *s = ctx;
    (void)r;
    if (++s->seen == s->after) *s->stop = 1;
    return 0;
}

static void test_sim_checkpoint_resume_same_bytes(void **state)
{
    (void)state;
    char *dir = tmpdir(), ckpt[PATH_MAX], log[PATH_MAX], err[512];
    static volatile sig_atomic_t stop;
    stopper st = {&stop, 0, UINT64_MAX};
    sim_config c = config(dir, 3, "random,first,random", 2, 6000);
    c.rotate = 1;
    c.on_game = stop_after; /* a consumer: the games are logged and replayed */
    c.ctx = &st;
    run(&c);
    char *ref = slurp(c.out_path, NULL), *ref_rows = slurp(c.games_path, NULL);
    unlink(c.out_path);
    unlink(c.games_path);
    snprintf(ckpt, sizeof ckpt, "%s/ck", dir);
    snprintf(log, sizeof log, "%s/ck.log", dir);

    /* Stopped after 1,500 games (at the end of their block), with a
     * checkpoint after every block. */
    journal *j;
    assert_int_equal(journal_open(&j, "test", ckpt, 1e-9, 0, sim_tally_bytes(), err, sizeof err), 0);
    c.journal = j;
    st.seen = 0;
    st.after = 1500;
    sim_outcome o;
    assert_int_equal(sim_run(&c, &stop, &o, err, sizeof err), 0);
    assert_true(o.interrupted);
    assert_true(o.games_done >= 1500 && o.games_done < 6000);
    assert_int_equal(journal_saved_games(j), o.games_done);
    journal_close(j, 1);
    assert_int_equal(access(ckpt, F_OK), 0);
    assert_int_equal(access(log, F_OK), 0);

    /* Another seed: refused, naming it; the checkpoint kept. */
    assert_int_equal(journal_open(&j, "test", ckpt, 1000, 1, sim_tally_bytes(), err, sizeof err), 0);
    c.journal = j;
    c.seed = JM_SEED(43);
    stop = 0;
    st.after = UINT64_MAX;
    assert_int_equal(sim_run(&c, &stop, &o, err, sizeof err), 2);
    assert_non_null(strstr(err, "its --seed is '42', this run's '43'"));
    journal_close(j, 1);
    c.seed = JM_SEED(42);
    /* No --resume: a checkpoint is not overwritten. */
    assert_int_equal(journal_open(&j, "test", ckpt, 1000, 0, sim_tally_bytes(), err, sizeof err), 2);
    assert_non_null(strstr(err, "holds an interrupted run"));
    /* Another command's: refused. */
    assert_int_equal(journal_open(&j, "other", ckpt, 1000, 1, sim_tally_bytes(), err, sizeof err), 2);
    assert_non_null(strstr(err, "is of 'jamaica test', not of 'jamaica other'"));

    /* Resumed on one thread: the uninterrupted run's bytes. */
    assert_int_equal(journal_open(&j, "test", ckpt, 1000, 1, sim_tally_bytes(), err, sizeof err), 0);
    c.journal = j;
    c.threads = 1;
    st.seen = 0;
    if (sim_run(&c, &stop, &o, err, sizeof err)) fail_msg("sim_run: %s", err);
    assert_int_equal(o.games_done, 6000);
    assert_true(o.games_resumed >= 1500 && o.games_resumed < 6000);
    assert_int_equal(st.seen, 6000); /* the consumer saw every game, the replayed too */
    journal_close(j, 0);
    char *got = slurp(c.out_path, NULL), *got_rows = slurp(c.games_path, NULL);
    assert_string_equal(got, ref);
    assert_string_equal(got_rows, ref_rows);
    assert_int_equal(access(ckpt, F_OK), -1);
    assert_int_equal(access(log, F_OK), -1);
    free(ref);
    free(ref_rows);
    free(got);
    free(got_rows);
    rmdir_all(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sim_same_bytes_for_1_and_2_threads),
        cmocka_unit_test(test_sim_rotate_seats_balance_exactly),
        cmocka_unit_test(test_sim_summary_equals_rows_summed),
        cmocka_unit_test(test_timing_quantiles_known_values),
        cmocka_unit_test(test_sim_bad_input_exit_2_and_no_file),
        cmocka_unit_test(test_sim_stop_signals_leave_complete_files),
        cmocka_unit_test(test_sim_second_signal_leaves_no_file),
        cmocka_unit_test(test_sim_memory_flat_in_games),
        cmocka_unit_test(test_sim_checkpoint_resume_same_bytes),
        cmocka_unit_test(test_formats_documents_every_csv_column),
    };
    return cmocka_run_group_tests_name("harness", tests, setup, NULL);
}
