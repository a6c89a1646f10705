/*
 * luck.c - `jamaica luck`: the value function of luck-adjusted estimates,
 * fitted (`luck fit`), and the scheme checked against the truth (`luck
 * oracle`) (docs/STATISTICS.md, "Luck-adjusted estimates").
 *
 * luck fit plays the agents' games for each player count (sim/run/vfit.c:
 * the states right after chance nodes, every ship's features and share of
 * the win), then has PyTorch fit the network (python -m jamaica.train.luckv,
 * through the clone's bin/python or $JAMAICA_PYTHON) and writes it whole:
 * a value file (agents/vnet.h) that names the rules, the agents, the seed
 * and the games it was fitted on, so that no run of those games takes it.
 */
#include <errno.h>
#include <math.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../../agents/value.h"
#include "../../agents/vfeat.h"
#include "../../agents/vnet.h"
#include "../cli/cli.h"
#include "../cli/options.h"
#include "../cli/stop.h"
#include "../io/outfile.h"
#include "../run/lineup.h"
#include "../run/oracle.h"
#include "../run/vfit.h"
#include "cmd.h"

typedef struct fit_opts {
    uint64_t games, threads, first_game, keep, epochs, progress, rounds;
    jm_seed seed;
    player_range players;
    const char *agents, *rules, *out, *hidden, *lambda;
} fit_opts;

static const opt fit_options[] = {
    OPT_AGENTS(fit_opts, "sharp", "the agents whose games V learns: one for every seat, or one\n"
                                  "per seat, seated in turn ({default}): the agents to be measured"),
    OPT_PLAYER_RANGE(fit_opts, "4", "player counts: one network each, in one file ({default})"),
    OPT_GAMES(fit_opts, "game count", 100000000, "20000", "games to learn from, at each player count"),
    OPT_SEED(fit_opts, "101", "the seed of those games: a run with this seed over the same\n"
                              "games refuses the file"),
    OPT_ROW_UINT("first-game", "K", fit_opts, first_game, "first game", 0, INT64_MAX, "0",
                 "learn from games K..K+N-1 ({default})"),
    OPT_RULES(fit_opts, "the rules of the games (the runs V corrects must play them):\n"
                        "2021 (default) or classic, or a variant file, with key=value options"),
    OPT_ROW_UINT("keep", "K", fit_opts, keep, "sampling interval", 1, 1000, "6",
                 "keep one in K of the states right after a chance node ({default})"),
    OPT_ROW_TEXT("hidden", "WIDTHS", fit_opts, hidden, "64,32", "the network's hidden widths, 1 or 2, multiples of 16"),
    OPT_ROW_UINT("epochs", "E", fit_opts, epochs, "epoch count", 1, 1000, "12",
                 "passes over the states at most (it stops once the held-out\n"
                 "tenth no longer improves)"),
    OPT_ROW_UINT("rounds", "R", fit_opts, rounds, "round count", 1, 10, "1",
                 "rounds of fitting ({default}): the first learns each kept\n"
                 "state's share of the win, each later one the share plus\n"
                 "the corrections the value before it makes after the state\n"
                 "(the same mean, less noise), on the same games"),
    OPT_ROW_TEXT("lambda", "L", fit_opts, lambda, "1",
                 "the later rounds' targets, TD(L)'s return of the value\n"
                 "before: 1, the share plus every later correction; 0, the\n"
                 "next chance node's mean; between, a mix ({default})"),
    OPT_THREADS(fit_opts),
    OPT_PROGRESS(fit_opts),
    OPT_OUT(fit_opts, NULL, "the value file (required), e.g. v.jmn"),
};

static const opt_table fit_table = {
    .command = "luck fit",
    .synopsis = "jamaica luck fit",
    .about = "Fit the value function of luck-adjusted estimates to the games of the agents\n"
             "to be measured: N games at each player count, one in K of the states right\n"
             "after a chance draw kept with every ship's share of the win at the end, and a\n"
             "network fitted to them by PyTorch (bin/python -m jamaica.train.luckv; set\n"
             "JAMAICA_PYTHON for another interpreter).  Then `--luck FILE` on any estimating\n"
             "command corrects its games with it.  The file names the rules, the player\n"
             "counts, the agents and the games it was fitted on: a run of other rules or\n"
             "player counts, or of the same seed's same games, refuses it (the value must be\n"
             "fixed before the games it corrects).  The games are the same bytes for any\n"
             "--threads; the fit is PyTorch's, seeded, on this machine's arithmetic.\n",
    .opts = fit_options,
    .n = OPT_COUNT(fit_options),
    .after = "See docs/STATISTICS.md, \"The fitted V\".\n",
};

/* The Python that has torch: $JAMAICA_PYTHON, else bin/python beside this
 * program.  0, or 2 after reporting. */
static int find_python(char *buf, size_t len)
{
    const char *env = getenv("JAMAICA_PYTHON");
    if (env && *env) {
        snprintf(buf, len, "%s", env);
        return 0;
    }
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = 0;
        char *slash = strrchr(self, '/');
        if (slash) {
            *slash = 0;
            if ((size_t)snprintf(buf, len, "%s/python", self) < len && access(buf, X_OK) == 0) return 0;
        }
    }
    return cli_usage_error("luck fit: no bin/python beside this program (run 'make' in the clone) and no "
                           "JAMAICA_PYTHON");
}

/* Run argv, waiting for it: its exit status, or -1. */
static int run_child(char *const *argv)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "jamaica: luck fit: %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* Whether the Python imports torch: 0, or 2 after reporting. */
static int python_has_torch(const char *py)
{
    char *argv[] = {(char *)py, "-c", "import torch", NULL};
    if (run_child(argv) == 0) return 0;
    return cli_usage_error("luck fit: %s cannot import torch (Debian's python3-torch; 'make test' installs it)", py);
}

/* A temporary file beside the output, tracked so a stop removes it. */
static int temp_beside(const char *out, const char *what, char *buf, size_t len)
{
    const char *slash = strrchr(out, '/');
    int dir = slash ? (int)(slash - out + 1) : 0;
    if ((size_t)snprintf(buf, len, "%.*s.%s.%s.%ld.tmp", dir, out, out + dir, what, (long)getpid()) >= len) return -1;
    return outfile_track(buf);
}

typedef struct fit_run {
    const fit_opts *o;
    jm_rules rules;
    char rules_text[512];
    char data[JM_MAX_PLAYERS + 1][PATH_MAX];
    int slot[JM_MAX_PLAYERS + 1];
    char net[PATH_MAX];
    int net_slot;
} fit_run;

/* The games of each player count into their data files: 0; 1 after
 * reporting; 128 + the signal after a stop. */
static int collect_all(fit_run *f, const value_fn *before, double lambda)
{
    const fit_opts *o = f->o;
    for (int P = o->players.lo; P <= o->players.hi; P++) {
        vfit_cfg c;
        char err[600];
        memset(&c, 0, sizeof c);
        c.rules = f->rules;
        c.players = P;
        c.seed = o->seed;
        c.first_game = o->first_game;
        c.games = o->games;
        c.keep = (int)o->keep;
        c.threads = (int)o->threads;
        c.progress = 1;
        c.value = before;
        c.lambda = lambda;
        sim_parse_agents(o->agents, P, c.specs, err, sizeof err);
        FILE *fp = fopen(f->data[P], "wb");
        if (!fp) {
            fprintf(stderr, "jamaica: luck fit: cannot write '%s': %s\n", f->data[P], strerror(errno));
            return 1;
        }
        uint64_t n = 0;
        int rc = vfit_collect(&c, fp, &n, &cli_stop, err, sizeof err);
        if (fclose(fp) && !rc) {
            rc = -1;
            snprintf(err, sizeof err, "cannot write '%s'", f->data[P]);
        }
        if (rc == 1) {
            fprintf(stderr, "jamaica: luck fit: stopped by signal %d; nothing written\n", (int)cli_stop);
            return 128 + (int)cli_stop;
        }
        if (rc) {
            fprintf(stderr, "jamaica: luck fit: %s\n", err);
            return 1;
        }
    }
    return 0;
}

/* The trainer on the data files, into f->net: 0, or 1 after reporting. */
static int train(fit_run *f, const char *py, int argc, char **argv)
{
    const fit_opts *o = f->o;
    char seed[JM_SEED_TEXT], games[64], command[600], threads[16], epochs[16];
    char m_rules[600], m_agents[600], m_seed[80], m_games[80], m_cmd[700], m_ver[40];
    jm_seed_format(&o->seed, seed, sizeof seed);
    snprintf(games, sizeof games, "%llu-%llu", (unsigned long long)o->first_game,
             (unsigned long long)(o->first_game + o->games - 1));
    size_t at = (size_t)snprintf(command, sizeof command, "jamaica luck");
    for (int i = 0; i < argc && at < sizeof command; i++)
        at += (size_t)snprintf(command + at, sizeof command - at, " %s", argv[i]);
    snprintf(m_rules, sizeof m_rules, "rules=%s", f->rules_text);
    snprintf(m_agents, sizeof m_agents, "agents=%s", o->agents);
    snprintf(m_seed, sizeof m_seed, "fit_seed=%s", seed);
    snprintf(m_games, sizeof m_games, "fit_games=%s", games);
    snprintf(m_cmd, sizeof m_cmd, "command=%s", command);
    snprintf(m_ver, sizeof m_ver, "features_version=%d", VF_VERSION);
    snprintf(threads, sizeof threads, "%llu", (unsigned long long)o->threads);
    snprintf(epochs, sizeof epochs, "%llu", (unsigned long long)o->epochs);
    char *args[48];
    int n = 0;
    args[n++] = (char *)py;
    args[n++] = "-m";
    args[n++] = "jamaica.train.luckv";
    for (int P = o->players.lo; P <= o->players.hi; P++) {
        args[n++] = "--data";
        args[n++] = f->data[P];
    }
    args[n++] = "--out";
    args[n++] = f->net;
    args[n++] = "--hidden";
    args[n++] = (char *)o->hidden;
    args[n++] = "--epochs";
    args[n++] = epochs;
    args[n++] = "--threads";
    args[n++] = threads;
    const char *meta[] = {m_rules, m_agents, m_seed, m_games, m_cmd, m_ver};
    for (int k = 0; k < 6; k++) {
        args[n++] = "--meta";
        args[n++] = (char *)meta[k];
    }
    args[n] = NULL;
    int rc = run_child(args);
    if (rc) {
        fprintf(stderr, "jamaica: luck fit: the trainer (%s -m jamaica.train.luckv) ended with status %d\n", py, rc);
        return 1;
    }
    return 0;
}

/* The trained file into the output, whole: 0, or 1 after reporting. */
static int install(const fit_run *f, outfile *out)
{
    char err[600];
    FILE *in = fopen(f->net, "rb");
    if (!in) {
        fprintf(stderr, "jamaica: luck fit: the trainer wrote no '%s'\n", f->net);
        return 1;
    }
    char buf[65536];
    size_t n;
    int rc = 0;
    while (!rc && (n = fread(buf, 1, sizeof buf, in)) > 0)
        if (outfile_write(out, buf, n, err, sizeof err)) rc = 1;
    fclose(in);
    if (!rc && outfile_commit(out, err, sizeof err)) rc = 1;
    if (rc) fprintf(stderr, "jamaica: %s\n", err);
    return rc;
}

static int cmd_fit(int argc, char **argv)
{
    fit_opts o = {.players = {0, 0}};
    int rc = opt_parse(&fit_table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (!o.out || !*o.out) return cli_usage_error("luck fit needs --out PATH (the value file)");
    if (o.seed.sealed) return cli_usage_error("luck fit: a plain seed (the file names it, so runs of its games refuse it)");
    if (o.games > (uint64_t)INT64_MAX - o.first_game) return cli_usage_error("luck fit: --first-game with --games passes game 2^63");
    fit_run f = {.o = &o};
    char err[600];
    for (int P = o.players.lo; P <= o.players.hi; P++) {
        char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN];
        if (cli_rules(o.rules, P, &f.rules)) return 2;
        if (sim_parse_agents(o.agents, P, specs, err, sizeof err)) return cli_usage_error("%s", err);
        for (int k = 0; k < P; k++)
            if (agent_spec_outside(specs[k]))
                return cli_usage_error("luck fit: agent '%s' plays outside the program; V learns from built-in agents",
                                       specs[k]);
    }
    jm_rules_format(&f.rules, f.rules_text, sizeof f.rules_text);
    if (cli_threads(&o.threads)) return 2;
    {
        int h[3], nh = sscanf(o.hidden, "%d,%d,%d", &h[0], &h[1], &h[2]);
        int ok = nh == 1 || nh == 2;
        for (int k = 0; k < nh && ok; k++) ok = h[k] >= 16 && h[k] <= VN_MAX_WIDTH && h[k] % 16 == 0;
        if (!ok) return cli_usage_error("luck fit: --hidden '%s': 1 or 2 widths, multiples of 16 up to %d", o.hidden,
                                        VN_MAX_WIDTH);
    }
    char *lend;
    errno = 0;
    double lambda = strtod(o.lambda, &lend);
    if (errno || lend == o.lambda || *lend || !(lambda >= 0 && lambda <= 1))
        return cli_usage_error("luck fit: --lambda '%s': a number from 0 to 1", o.lambda);
    char py[PATH_MAX];
    if (find_python(py, sizeof py) || python_has_torch(py)) return 2;
    outfile out;
    if (outfile_open(&out, o.out, err, sizeof err)) return cli_usage_error("%s", err);
    cli_catch_stop();
    rc = 1;
    for (int P = o.players.lo; P <= o.players.hi; P++) {
        char what[16];
        snprintf(what, sizeof what, "vfit%d", P);
        f.slot[P] = temp_beside(o.out, what, f.data[P], sizeof f.data[P]);
    }
    f.net_slot = temp_beside(o.out, "fit", f.net, sizeof f.net);
    value_fn before;
    int have = 0;
    rc = 0;
    for (uint64_t r = 1; r <= o.rounds && !rc; r++) {
        if (r > 1) {
            if (have) value_close(&before);
            have = !value_open(&before, f.net, err, sizeof err);
            if (!have) {
                fprintf(stderr, "jamaica: luck fit: %s\n", err);
                rc = 1;
                break;
            }
            fprintf(stderr, "luck fit: round %llu of %llu: targets with round %llu's corrections\n",
                    (unsigned long long)r, (unsigned long long)o.rounds, (unsigned long long)(r - 1));
        }
        if ((rc = collect_all(&f, have ? &before : NULL, lambda)) == 0) rc = train(&f, py, argc, argv);
    }
    if (have) value_close(&before);
    if (!rc) rc = install(&f, &out);
    if (rc) outfile_abort(&out);
    for (int P = o.players.lo; P <= o.players.hi; P++) {
        unlink(f.data[P]);
        outfile_untrack(f.slot[P]);
    }
    unlink(f.net);
    outfile_untrack(f.net_slot);
    if (!rc) {
        vn_net v;
        if (vn_load(&v, o.out, err, sizeof err)) {
            fprintf(stderr, "jamaica: luck fit: %s\n", err);
            return 1;
        }
        printf("%s: the value of %s at %d-%d players, fitted on %llu games each of seed %s (hash %016llx)\n", o.out,
               o.agents, o.players.lo, o.players.hi, (unsigned long long)o.games, v.fit_seed,
               (unsigned long long)v.hash);
        vn_free(&v);
    }
    return rc;
}

/* ---------------------------------------------------------------- luck oracle */

typedef struct oracle_opts {
    uint64_t games, threads, rollouts, players;
    jm_seed seed;
    const char *rules, *agents;
} oracle_opts;

static const opt oracle_options[] = {
    OPT_ROW_UINT("players", "P", oracle_opts, players, "player count", 2, 6, "4", "players ({default})"),
    OPT_GAMES(oracle_opts, "game count", 1000000, "200", "games of first"),
    OPT_ROW_UINT("rollouts", "K", oracle_opts, rollouts, "rollout count", 1, 100000, "200",
                 "rollouts of first per state valued, in each half ({default})"),
    OPT_SEED(oracle_opts, "9101", "the games' seed"),
    OPT_RULES(oracle_opts, "the rules: 2021 (default) or classic, with key=value options"),
    OPT_ROW_TEXT("agents", "LIST", oracle_opts, agents, NULL,
                 "instead: how much of the edge's variance these agents' own\n"
                 "draws make (each game played twice, the same chance, the\n"
                 "agents' streams of two other seeds): what no chance\n"
                 "correction can take out"),
    OPT_THREADS(oracle_opts),
};

static const opt_table oracle_table = {
    .command = "luck oracle",
    .synopsis = "jamaica luck oracle",
    .about = "Check the luck corrections against the truth, whatever the value function:\n"
             "under `first` every choice is fixed, so all of a game's spread is chance and\n"
             "the true value of a state is its mean outcome over the chance to come,\n"
             "estimated by K rollouts (their chance keyed by its place in the game, so the\n"
             "rollouts of nearby states meet the same dice).  Each game is corrected twice\n"
             "with independent rollouts, so that their noise drops out of the covariance of\n"
             "the two: what is left of the first Captain's edge's variance (its share, and\n"
             "the variance ratio: how many times fewer games) under the sequential\n"
             "corrections (every chance node with the step's later draws pending) and under\n"
             "the first scheme (each draw of a step changed alone, the others held, the value\n"
             "after the whole step), with 95% intervals.  The same bytes for any --threads.\n",
    .opts = oracle_options,
    .n = OPT_COUNT(oracle_options),
    .after = "See docs/STATISTICS.md, \"The oracle\".\n",
};

static void oracle_line(const char *name, const oracle_share *s)
{
    double lo = s->left - 1.96 * s->se, hi = s->left + 1.96 * s->se;
    printf("%s: %.4f of the variance left [%.4f, %.4f]: ", name, s->left, lo, hi);
    if (lo > 0) printf("%.1f times fewer games [%.1f, %.1f]\n", 1 / s->left, 1 / hi, 1 / lo);
    else if (hi > 0) printf("at least %.1f times fewer games (the interval reaches 0)\n", 1 / hi);
    else printf("nothing measurably left\n");
}

/* --agents: the agents' own share of the edge's variance. */
static int agents_share(const oracle_opts *o, const oracle_cfg *c)
{
    char specs[JM_MAX_PLAYERS][SIM_SPEC_LEN], err[600];
    if (sim_parse_agents(o->agents, c->players, specs, err, sizeof err)) return cli_usage_error("%s", err);
    for (int k = 0; k < c->players; k++)
        if (agent_spec_outside(specs[k])) return cli_usage_error("luck oracle: built-in agents only ('%s')", specs[k]);
    int nt = (int)o->threads, failed = 0;
    long n = (long)o->games;
    agent(*ag)[JM_MAX_PLAYERS] = calloc((size_t)nt, sizeof *ag);
    double (*y)[2] = calloc((size_t)n, sizeof *y);
    if (!ag || !y) {
        free(ag);
        free(y);
        fprintf(stderr, "jamaica: luck oracle: out of memory\n");
        return 1;
    }
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < c->players; p++) agent_create(&ag[t][p], specs[p], NULL, 0);
#pragma omp parallel for num_threads(nt) schedule(dynamic, 1)
    for (long i = 0; i < n; i++) {
#ifdef _OPENMP
        int tid = omp_get_thread_num();
#else
        int tid = 0;
#endif
        if (oracle_agents_game(c, ag[tid], (uint64_t)i, y[i]) < 0) failed = 1;
    }
    double m = 0, v = 0, d = 0, dd = 0;
    for (long i = 0; i < n; i++) m += (y[i][0] + y[i][1]) / (2.0 * (double)n);
    for (long i = 0; i < n; i++) {
        v += ((y[i][0] - m) * (y[i][0] - m) + (y[i][1] - m) * (y[i][1] - m)) / (2.0 * (double)n - 1);
        double h = (y[i][0] - y[i][1]) * (y[i][0] - y[i][1]) / 2;
        d += h / (double)n;
        dd += h * h / (double)n;
    }
    double se = sqrt((dd - d * d) / (double)n) / v;
    for (int t = 0; t < nt; t++)
        for (int p = 0; p < c->players; p++) agent_destroy(&ag[t][p]);
    free(ag);
    free(y);
    if (failed) {
        fprintf(stderr, "jamaica: luck oracle: an agent failed\n");
        return 1;
    }
    printf("luck oracle: %s at %d players, %ld games each played twice with the same chance\n", o->agents,
           c->players, n);
    printf("the first Captain's edge: variance %.4f a game; the agents' own draws make %.3f of it [%.3f, %.3f], "
           "which no chance correction takes out\n", v, d / v, d / v - 1.96 * se, d / v + 1.96 * se);
    return 0;
}

static int cmd_oracle(int argc, char **argv)
{
    oracle_opts o = {0};
    int rc = opt_parse(&oracle_table, argc, argv, &o, NULL, NULL);
    if (rc) return rc == OPT_HELP ? 0 : 2;
    if (o.games < 3) return cli_usage_error("luck oracle: --games 3 or more (a variance)");
    oracle_cfg c;
    memset(&c, 0, sizeof c);
    if (cli_rules(o.rules, (int)o.players, &c.rules)) return 2;
    if (cli_threads(&o.threads)) return 2;
    c.players = (int)o.players;
    c.seed = o.seed;
    c.rollouts = (int)o.rollouts;
    if (o.agents) return agents_share(&o, &c);
    oracle_game *g = calloc(o.games, sizeof *g);
    if (!g) {
        fprintf(stderr, "jamaica: luck oracle: out of memory\n");
        return 1;
    }
    cli_catch_stop_now();
    long n = (long)o.games;
#pragma omp parallel for num_threads((int)o.threads) schedule(dynamic, 1)
    for (long i = 0; i < n; i++) oracle_play(&c, (uint64_t)i, &g[i]);
    oracle_share seq, old;
    oracle_shares(g, o.games, &seq, &old);
    uint64_t vs = 0, vo = 0;
    for (long i = 0; i < n; i++) {
        vs += g[i].seq_values;
        vo += g[i].old_values;
    }
    char rules[256], seed[JM_SEED_TEXT];
    jm_rules_format(&c.rules, rules, sizeof rules);
    printf("luck oracle: %llu games of first, %d players, rules %s, seed %s, %llu rollouts a state in each half\n",
           (unsigned long long)o.games, c.players, rules, jm_seed_format(&c.seed, seed, sizeof seed),
           (unsigned long long)o.rollouts);
    printf("the first Captain's edge: variance %.4f a game (plain)\n", seq.plain_var);
    oracle_line("sequential corrections", &seq);
    oracle_line("the first scheme (each draw alone)", &old);
    printf("states valued a game: %.0f sequential, %.0f the first scheme\n", (double)vs / 2 / (double)n,
           (double)vo / 2 / (double)n);
    free(g);
    return 0;
}

int cmd_luck(int argc, char **argv)
{
    static const char *const help = "Usage: jamaica luck fit|oracle [OPTIONS]\n\n"
                                    "  fit      fit the value function of luck-adjusted estimates (--luck FILE)\n"
                                    "  oracle   check the corrections against the true value, by rollouts\n\n"
                                    "'jamaica luck fit --help' and 'jamaica luck oracle --help' list the options.\n";
    if (argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
        fputs(help, stdout);
        return 0;
    }
    if (argc < 2) return cli_usage_error("luck needs fit or oracle");
    if (!strcmp(argv[1], "fit")) return cmd_fit(argc - 1, argv + 1);
    if (!strcmp(argv[1], "oracle")) return cmd_oracle(argc - 1, argv + 1);
    return cli_usage_error("unknown luck command '%s' (fit or oracle)", argv[1]);
}
