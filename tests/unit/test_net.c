/* test_net.c - network files, the network's arithmetic, and the agents
 * that use it (net, guided): loading good, truncated, foreign and
 * mismatched files; outputs against a plain double-precision evaluation of
 * the same weights; e^x and ln x; crafted positions; the same choices
 * from the same seed. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "../../agents/agent.h"
#include "../../agents/heuristic.h"
#include "../../agents/nnet.h"

/* ---------------------------------------------------------------- a writer
 * Network files made here, with the layout docs/NETWORK.md gives, so that
 * the loader is tested against the format and not against its own code. */

typedef struct tspec {
    char name[32];
    int rows, cols; /* cols 0: rank 1 */
    float *data;
} tspec;

typedef struct mlp {
    int layers, width[NN_MAX_LAYERS + 1];
    int nt;
    tspec t[2 * NN_MAX_LAYERS + 4];
} mlp;

static float urand(jm_pcg32 *r, float scale)
{
    return scale * ((float)(jm_pcg32_next(r) >> 8) / 16777216.0f * 2.0f - 1.0f);
}

static void add(mlp *m, const char *name, int rows, int cols, jm_pcg32 *r, float scale)
{
    tspec *t = &m->t[m->nt++];
    snprintf(t->name, sizeof t->name, "%s", name);
    t->rows = rows;
    t->cols = cols;
    size_t n = (size_t)rows * (cols ? cols : 1);
    t->data = malloc(n * sizeof *t->data);
    for (size_t i = 0; i < n; i++) t->data[i] = urand(r, scale);
}

/* An MLP of random weights: hidden widths h[0..nl). */
static mlp make_mlp(const int *h, int nl, uint64_t seed)
{
    mlp m = {0};
    jm_pcg32 r;
    jm_pcg32_seed(&r, seed, 5);
    m.layers = nl;
    m.width[0] = JM_OBS_SIZE;
    for (int k = 0; k < nl; k++) m.width[k + 1] = h[k];
    char name[32];
    for (int k = 0; k < nl; k++) {
        snprintf(name, sizeof name, "layer%d.weight", k);
        add(&m, name, h[k], m.width[k], &r, 1.5f / sqrtf((float)m.width[k]) * (k ? 1.0f : 6.0f));
        snprintf(name, sizeof name, "layer%d.bias", k);
        add(&m, name, h[k], 0, &r, 0.1f);
    }
    add(&m, "policy.weight", JM_ACTION_IDS, h[nl - 1], &r, 0.5f);
    add(&m, "policy.bias", JM_ACTION_IDS, 0, &r, 0.5f);
    add(&m, "value.weight", NN_VALUES, h[nl - 1], &r, 0.5f);
    add(&m, "value.bias", NN_VALUES, 0, &r, 0.5f);
    return m;
}

static void free_mlp(mlp *m)
{
    for (int i = 0; i < m->nt; i++) free(m->t[i].data);
}

static const tspec *tensor(const mlp *m, const char *name)
{
    for (int i = 0; i < m->nt; i++)
        if (!strcmp(m->t[i].name, name)) return &m->t[i];
    fail_msg("no tensor %s", name);
    return NULL;
}

/* The metadata a good file has, with `extra` JSON members after it (later
 * keys override: the loader keeps the last). */
static void meta_json(const mlp *m, const char *extra, char *out, size_t len)
{
    char hidden[64] = "";
    for (int k = 1; k <= m->layers; k++)
        snprintf(hidden + strlen(hidden), sizeof hidden - strlen(hidden), "%s%d", k > 1 ? "," : "", m->width[k]);
    snprintf(out, len,
             "{\"format\":\"jamaica-net\",\"format_version\":\"1\",\"arch\":\"mlp\",\"obs_version\":\"%d\","
             "\"obs_size\":\"%d\",\"action_ids_version\":\"%d\",\"action_ids\":\"%d\",\"values\":\"%d\","
             "\"hidden\":\"%s\",\"command\":\"a \\\"test\\\" net\",\"generation\":\"3\"%s%s}",
             JM_OBS_VERSION, JM_OBS_SIZE, JM_ACTION_IDS_VERSION, JM_ACTION_IDS, NN_VALUES, hidden,
             extra && *extra ? "," : "", extra ? extra : "");
}

/* Write m with metadata `meta` (an object's text) to path. */
static void write_file(const char *path, const mlp *m, const char *meta)
{
    char *hdr = malloc(1 << 16);
    size_t at = (size_t)snprintf(hdr, 1 << 16, "{\"__metadata__\":%s", meta);
    long off = 0;
    for (int i = 0; i < m->nt; i++) {
        const tspec *t = &m->t[i];
        long bytes = 4L * t->rows * (t->cols ? t->cols : 1);
        char shape[32];
        if (t->cols) snprintf(shape, sizeof shape, "%d,%d", t->rows, t->cols);
        else snprintf(shape, sizeof shape, "%d", t->rows);
        at += (size_t)snprintf(hdr + at, (1 << 16) - at,
                               ",\"%s\":{\"dtype\":\"F32\",\"shape\":[%s],\"data_offsets\":[%ld,%ld]}", t->name,
                               shape, off, off + bytes);
        off += bytes;
    }
    at += (size_t)snprintf(hdr + at, (1 << 16) - at, "}");
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    uint64_t n = at;
    unsigned char len8[8];
    for (int i = 0; i < 8; i++) len8[i] = (unsigned char)(n >> (8 * i));
    fwrite(len8, 1, 8, f);
    fwrite(hdr, 1, at, f);
    for (int i = 0; i < m->nt; i++)
        fwrite(m->t[i].data, 4, (size_t)m->t[i].rows * (m->t[i].cols ? m->t[i].cols : 1), f);
    fclose(f);
    free(hdr);
}

static void write_good(const char *path, const mlp *m)
{
    char meta[2048];
    meta_json(m, NULL, meta, sizeof meta);
    write_file(path, m, meta);
}

static char tmpdir[64];

static const char *tmp_path(const char *name)
{
    static char p[4][128];
    static int k;
    k = (k + 1) & 3;
    snprintf(p[k], sizeof p[k], "%s/%s", tmpdir, name);
    return p[k];
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/jm-test-net-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* ---------------------------------------------------------------- loading */

static void test_load_good(void **state)
{
    (void)state;
    const int h[] = {32, 16};
    mlp m = make_mlp(h, 2, 1);
    write_good(tmp_path("good.jmn"), &m);
    nn_net net;
    char err[300] = "";
    if (nn_load(&net, tmp_path("good.jmn"), err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(net.layers, 2);
    assert_int_equal(net.width[0], JM_OBS_SIZE);
    assert_int_equal(net.width[1], 32);
    assert_int_equal(net.width[2], 16);
    assert_string_equal(net.command, "a \"test\" net");
    assert_string_equal(net.generation, "3");
    /* layer 0 is kept input-major: the file's [out][in] transposed */
    const tspec *w0 = tensor(&m, "layer0.weight");
    assert_true(net.w[0][5 * 32 + 7] == w0->data[7 * JM_OBS_SIZE + 5]);
    assert_true(net.pb[100] == tensor(&m, "policy.bias")->data[100]);
    nn_free(&net);
    free_mlp(&m);
}

/* Loading path must fail with a message naming it and containing want. */
static void expect_refused(const char *path, const char *want)
{
    nn_net net;
    char err[400] = "";
    if (!nn_load(&net, path, err, sizeof err)) {
        fprintf(stderr, "%s loaded; expected '%s'\n", path, want);
        fail();
    }
    if (strncmp(err, path, strlen(path)) || !strstr(err, want) || strchr(err, '\n')) {
        fprintf(stderr, "expected one line naming %s and saying '%s', got: %s\n", path, want, err);
        fail();
    }
}

static void truncate_to(const char *from, const char *to, long keep)
{
    FILE *f = fopen(from, "rb"), *g = fopen(to, "wb");
    assert_non_null(f);
    assert_non_null(g);
    for (long i = 0; i < keep; i++) {
        int c = fgetc(f);
        if (c == EOF) break;
        fputc(c, g);
    }
    fclose(f);
    fclose(g);
}

static void test_load_refuses_bad_files(void **state)
{
    (void)state;
    const int h[] = {32, 16};
    mlp m = make_mlp(h, 2, 2);
    char meta[2048];
    char good[128];
    snprintf(good, sizeof good, "%s", tmp_path("ok.jmn"));
    write_good(good, &m);

    expect_refused(tmp_path("absent.jmn"), "No such file");
    truncate_to(good, tmp_path("t1.jmn"), 5);
    expect_refused(tmp_path("t1.jmn"), "truncated");
    truncate_to(good, tmp_path("t2.jmn"), 200);
    expect_refused(tmp_path("t2.jmn"), "truncated");
    truncate_to(good, tmp_path("t3.jmn"), 100000);
    expect_refused(tmp_path("t3.jmn"), "truncated");

    FILE *f = fopen(tmp_path("text.jmn"), "w");
    fputs("this is a text file, not a network at all\n", f);
    fclose(f);
    expect_refused(tmp_path("text.jmn"), "not a network file");

    meta_json(&m, "\"format\":\"pytorch\"", meta, sizeof meta);
    write_file(tmp_path("foreign.jmn"), &m, meta);
    expect_refused(tmp_path("foreign.jmn"), "not a network file of this program");

    /* the file's own strings, escapes decoded, stay on one line */
    meta_json(&m, "\"format\":\"two\\nlines\"", meta, sizeof meta);
    write_file(tmp_path("newline.jmn"), &m, meta);
    expect_refused(tmp_path("newline.jmn"), "metadata format 'two?lines'");

    meta_json(&m, "\"obs_version\":\"99\"", meta, sizeof meta);
    write_file(tmp_path("obs.jmn"), &m, meta);
    expect_refused(tmp_path("obs.jmn"), "made for encoding version 99");

    meta_json(&m, "\"action_ids_version\":\"2\"", meta, sizeof meta);
    write_file(tmp_path("ids.jmn"), &m, meta);
    expect_refused(tmp_path("ids.jmn"), "action ids version 2");

    meta_json(&m, "\"format_version\":\"7\"", meta, sizeof meta);
    write_file(tmp_path("fv.jmn"), &m, meta);
    expect_refused(tmp_path("fv.jmn"), "format version '7'");

    meta_json(&m, "\"hidden\":\"32,24\"", meta, sizeof meta);
    write_file(tmp_path("hidden.jmn"), &m, meta);
    expect_refused(tmp_path("hidden.jmn"), "multiple of 16");

    meta_json(&m, "\"seats\":\"sideways\"", meta, sizeof meta);
    write_file(tmp_path("seats.jmn"), &m, meta);
    expect_refused(tmp_path("seats.jmn"), "metadata seats 'sideways'");

    meta_json(&m, "\"hidden\":\"32,32\"", meta, sizeof meta);
    write_file(tmp_path("shape.jmn"), &m, meta);
    expect_refused(tmp_path("shape.jmn"), "tensor 'layer1.weight' is [16, 32]; the metadata says [32, 32]");

    /* a tensor missing, one too many, a value not finite, not JSON */
    mlp fewer = m;
    fewer.nt--;
    meta_json(&m, NULL, meta, sizeof meta);
    write_file(tmp_path("missing.jmn"), &fewer, meta);
    expect_refused(tmp_path("missing.jmn"), "tensor 'value.bias' is missing");

    jm_pcg32 r;
    jm_pcg32_seed(&r, 1, 1);
    mlp more = m;
    add(&more, "extra.weight", 4, 0, &r, 1);
    write_file(tmp_path("extra.jmn"), &more, meta);
    expect_refused(tmp_path("extra.jmn"), "tensor 'extra.weight' is not part of");
    free(more.t[more.nt - 1].data);

    float keep = m.t[1].data[3];
    m.t[1].data[3] = NAN;
    write_good(tmp_path("nan.jmn"), &m);
    expect_refused(tmp_path("nan.jmn"), "not finite");
    m.t[1].data[3] = 2e4f;
    write_good(tmp_path("big.jmn"), &m);
    expect_refused(tmp_path("big.jmn"), "tensor 'layer0.bias' holds 20000, beyond +-10000");
    m.t[1].data[3] = keep;

    write_file(tmp_path("json.jmn"), &m, "{\"format\":");
    expect_refused(tmp_path("json.jmn"), "not JSON");
    free_mlp(&m);
}

/* ---------------------------------------------------------------- arithmetic */

/* The network's outputs in double precision, straight from the file's
 * layout ([out][in]), in any order: the reference. */
static void reference(const mlp *m, const float *x, const int *ids, int n, double *logit, double *value,
                      unsigned ships)
{
    double h[2][NN_MAX_WIDTH + JM_OBS_SIZE];
    for (int i = 0; i < JM_OBS_SIZE; i++) h[0][i] = x[i];
    int cur = 0;
    char name[32];
    for (int k = 0; k < m->layers; k++) {
        snprintf(name, sizeof name, "layer%d.weight", k);
        const tspec *w = tensor(m, name);
        snprintf(name, sizeof name, "layer%d.bias", k);
        const tspec *b = tensor(m, name);
        for (int j = 0; j < m->width[k + 1]; j++) {
            double s = b->data[j];
            for (int i = 0; i < m->width[k]; i++) s += (double)w->data[(size_t)j * m->width[k] + i] * h[cur][i];
            h[1 - cur][j] = s > 0 ? s : 0;
        }
        cur = 1 - cur;
    }
    int last = m->width[m->layers];
    const tspec *pw = tensor(m, "policy.weight"), *pb = tensor(m, "policy.bias");
    const tspec *vw = tensor(m, "value.weight"), *vb = tensor(m, "value.bias");
    for (int i = 0; i < n; i++) {
        double s = pb->data[ids[i]];
        for (int j = 0; j < last; j++) s += (double)pw->data[(size_t)ids[i] * last + j] * h[cur][j];
        logit[i] = s;
    }
    double v[NN_VALUES], mx = -1e300, sum = 0;
    for (int s = 0; s < NN_VALUES; s++) {
        v[s] = vb->data[s];
        for (int j = 0; j < last; j++) v[s] += (double)vw->data[(size_t)s * last + j] * h[cur][j];
        if (ships >> s & 1u && v[s] > mx) mx = v[s];
    }
    for (int s = 0; s < NN_VALUES; s++) sum += value[s] = ships >> s & 1u ? exp(v[s] - mx) : 0;
    for (int s = 0; s < NN_VALUES; s++) value[s] /= sum;
}

typedef struct eval_ctx {
    const mlp *m;
    const nn_net *net;
    int checked;
    double worst_logit, worst_value;
    int relative; /* the file says seats relative: the reference sees the rotated encoding */
} eval_ctx;

static void check_state(const jm_state *s, void *vctx)
{
    eval_ctx *c = vctx;
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal), ids[JM_MAX_ACTIONS];
    if (n < 2 || c->checked >= 3000) return;
    float x[JM_OBS_SIZE], logit[JM_MAX_ACTIONS], value[NN_VALUES], logit2[JM_MAX_ACTIONS], value2[NN_VALUES];
    int seat = jm_to_move(s);
    jm_encode(s, seat, x);
    for (int i = 0; i < n; i++) ids[i] = jm_action_id(s, legal[i]);
    unsigned ships = (1u << jm_players(s)) - 1u;
    if (jm_has_ghost(s)) ships |= 1u << JM_GHOST;
    nn_eval(c->net, x, ids, n, logit, value, ships);
    nn_eval_state(c->net, s, seat, legal, n, logit2, value2);
    /* from a state: the same bits as from its encoding */
    assert_memory_equal(logit, logit2, (size_t)n * sizeof *logit);
    assert_memory_equal(value, value2, sizeof value);
    double rl[JM_MAX_ACTIONS], rv[NN_VALUES];
    if (c->relative) {
        /* the seats renumbered from the viewer's: the encoding, the
         * target ids, the ships; the value read back in the game's */
        float xr[JM_OBS_SIZE];
        int idr[JM_MAX_ACTIONS], np = jm_players(s);
        unsigned shr = 0;
        double vr[NN_VALUES];
        assert_int_equal(jm_encode_rotate(x, seat, np, xr), JM_OK);
        for (int i = 0; i < n; i++) idr[i] = jm_action_id_rotate(ids[i], seat, np);
        for (int k = 0; k < NN_VALUES; k++)
            if (ships >> k & 1u) shr |= 1u << jm_ship_rotate(k, seat, np);
        reference(c->m, xr, idr, n, rl, vr, shr);
        for (int k = 0; k < NN_VALUES; k++) rv[k] = vr[jm_ship_rotate(k, seat, np)];
    } else {
        reference(c->m, x, ids, n, rl, rv, ships);
    }
    for (int i = 0; i < n; i++) {
        double e = fabs(logit[i] - rl[i]) / (1.0 + fabs(rl[i]));
        if (e > c->worst_logit) c->worst_logit = e;
    }
    double sum = 0;
    for (int k = 0; k < NN_VALUES; k++) {
        sum += value[k];
        if (!(ships >> k & 1u)) assert_true(value[k] == 0.0f);
        double e = fabs(value[k] - rv[k]);
        if (e > c->worst_value) c->worst_value = e;
    }
    assert_true(fabs(sum - 1.0) < 1e-5);
    c->checked++;
}

/* Every output within float rounding of the double-precision reference (a
 * wrong layout, a transposed tensor, a skipped input or a head's wrong row
 * would miss by far more), at 3,000 decisions of random games of 2 to 6
 * players. */
static void test_eval_matches_reference(void **state)
{
    (void)state;
    const int hs[4][3] = {{32, 16, 0}, {64, 0, 0}, {48, 32, 16}, {32, 16, 0}};
    const int nl[4] = {2, 1, 3, 2};
    for (int v = 0; v < 4; v++) {
        mlp m = make_mlp(hs[v], nl[v], 10 + (uint64_t)v);
        char meta[2048];
        meta_json(&m, v == 3 ? "\"seats\":\"relative\"" : NULL, meta, sizeof meta);
        write_file(tmp_path("ref.jmn"), &m, meta);
        nn_net net;
        char err[300];
        if (nn_load(&net, tmp_path("ref.jmn"), err, sizeof err)) fail_msg("%s", err);
        assert_int_equal(net.relative, v == 3);
        eval_ctx c = {&m, &net, 0, 0, 0, v == 3};
        const char *sets[] = {"2021", "classic", "2021,ghost=on"};
        walk_random_games(sets, 3, 6, 77, check_state, &c);
        print_message("widths %d,%d,%d%s: %d decisions, worst logit error %.2e (relative), worst value error %.2e\n",
                      hs[v][0], hs[v][1], hs[v][2], v == 3 ? " (seats relative)" : "", c.checked, c.worst_logit,
                      c.worst_value);
        assert_true(c.checked >= 1000);
        assert_true(c.worst_logit < 1e-5);
        assert_true(c.worst_value < 1e-5);
        nn_free(&net);
        free_mlp(&m);
    }
}

static void test_exp_and_log(void **state)
{
    (void)state;
    double worst = 0;
    for (int i = 0; i <= 200000; i++) {
        float x = -87.0f + 87.0f * (float)i / 200000.0f;
        double e = fabs((double)nn_exp(x) - exp((double)x)) / exp((double)x);
        if (e > worst) worst = e;
    }
    print_message("nn_exp: worst relative error %.2e over [-87, 0]\n", worst);
    assert_true(worst < 4e-7);
    assert_true(nn_exp(0.0f) == 1.0f);
    assert_true(nn_exp(-100.0f) == 0.0f);
    worst = 0;
    for (int i = 1; i <= 100000; i++) {
        double x = (double)i / 100000.0;
        double e = fabs(nn_log(x) - log(x)) / (fabs(log(x)) + 1e-300);
        if (i != 100000 && e > worst) worst = e;
    }
    print_message("nn_log: worst relative error %.2e over (0, 1)\n", worst);
    assert_true(worst < 1e-13);
    assert_true(nn_log(1.0) == 0.0);
    float p[3], x3[3] = {1.0f, 2.0f, 3.0f};
    nn_softmax(x3, 3, 1.0f, p);
    assert_true(fabs(p[2] - 0.66524096) < 1e-6 && fabs(p[0] - 0.09003057) < 1e-6);
}

/* ---------------------------------------------------------------- agents */

static int choose_with(const char *spec, const jm_state *s, uint64_t game)
{
    agent a;
    char err[400];
    if (agent_create(&a, spec, err, sizeof err)) fail_msg("%s", err);
    int legal[JM_MAX_ACTIONS], n = jm_legal(s, legal);
    agent_reset(&a, 1, game, jm_to_move(s));
    int x = agent_choose(&a, s, legal, n);
    agent_destroy(&a);
    return x;
}

/* A network whose policy bias favours one action id by far: net plays it
 * wherever it is legal (temp=0, and nearly always at temp=1). */
static void test_net_plays_its_policy(void **state)
{
    (void)state;
    const int h[] = {16};
    mlp m = make_mlp(h, 1, 3);
    const int fav = jm_action_id_of(JM_D_CARD, C_FWD_FWD);
    memset(tensor(&m, "policy.weight")->data, 0, sizeof(float) * JM_ACTION_IDS * 16);
    tensor(&m, "policy.bias")->data[fav] = 20.0f;
    write_good(tmp_path("fav.jmn"), &m);
    char spec[200], spec1[200];
    snprintf(spec, sizeof spec, "net:file=%s", tmp_path("fav.jmn"));
    snprintf(spec1, sizeof spec1, "net:file=%s,temp=1", tmp_path("fav.jmn"));
    int seen = 0;
    for (uint64_t g = 0; g < 200; g++) {
        jm_state s = random_state(2 + (int)(g % 5), "2021", 5, g, (int)(g * 7 % 150));
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal), has = 0;
        if (n < 2) continue;
        for (int i = 0; i < n; i++) has |= jm_decision(&s) == JM_D_CARD && legal[i] == C_FWD_FWD;
        int a = choose_with(spec, &s, g), b = choose_with(spec1, &s, g);
        if (has) {
            assert_int_equal(a, C_FWD_FWD);
            assert_int_equal(b, C_FWD_FWD);
            seen++;
        }
        /* the same choice from the same seat's stream */
        assert_int_equal(b, choose_with(spec1, &s, g));
    }
    assert_true(seen >= 10);
    free_mlp(&m);
}

/* The guided search finds the card that finishes now and wins (the
 * position of test_agents.c's test_search_finds_the_forced_win), with a
 * network of random weights: the ended games' exact rewards decide. */
static void test_guided_finds_the_forced_win(void **state)
{
    (void)state;
    const int h[] = {32, 16};
    mlp m = make_mlp(h, 2, 4);
    write_good(tmp_path("g.jmn"), &m);
    jm_state s = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=47:1:6g.2g.-.-.- ship1=44:1:6g.6g.3f.-.- "
                     "cards0=dhdddhdddhd");
    char spec[300];
    const char *roots[] = {"root=gumbel", "root=puct", "root=gumbel,noise=0", "root=puct,value=playout,expand=3",
                           "root=puct,value=mix,mix=0.3,expand=2"};
    for (int k = 0; k < 5; k++) {
        snprintf(spec, sizeof spec, "guided:file=%s,iters=300,%s", tmp_path("g.jmn"), roots[k]);
        for (uint64_t g = 0; g < 4; g++) assert_int_equal(choose_with(spec, &s, g), C_FWD_FWD);
    }
    free_mlp(&m);
}

/* guided's search policy: a distribution over the legal actions, the move
 * the same from the same stream, different streams free to differ. */
static void test_guided_policy_and_determinism(void **state)
{
    (void)state;
    const int h[] = {32};
    mlp m = make_mlp(h, 1, 5);
    write_good(tmp_path("d.jmn"), &m);
    char spec[300];
    snprintf(spec, sizeof spec, "guided:file=%s,iters=64", tmp_path("d.jmn"));
    agent a, b;
    char err[300];
    if (agent_create(&a, spec, err, sizeof err) || agent_create(&b, spec, err, sizeof err)) fail_msg("%s", err);
    for (uint64_t g = 0; g < 60; g++) {
        jm_state s = random_state(2 + (int)(g % 5), "2021", 9, g, (int)(g * 11 % 120));
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
        if (n < 2) continue;
        agent_reset(&a, 3, g, jm_to_move(&s));
        agent_reset(&b, 3, g, jm_to_move(&s));
        int x = agent_choose(&a, &s, legal, n), y = agent_choose(&b, &s, legal, n);
        assert_int_equal(x, y);
        float p[JM_MAX_ACTIONS], q[JM_MAX_ACTIONS], v[JM_MAX_SHIPS];
        assert_int_equal(agent_policy(&a, p, v), n);
        double vs = 0;
        for (int k = 0; k < JM_MAX_SHIPS; k++) {
            assert_true(v[k] >= 0.0f && v[k] <= 1.0f);
            vs += v[k];
        }
        assert_true(fabs(vs - 1.0) < 1e-4); /* the ships' shares of the win */
        assert_int_equal(agent_policy(&b, q, NULL), n);
        assert_memory_equal(p, q, (size_t)n * sizeof *p);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            assert_true(p[i] >= 0.0f);
            sum += p[i];
        }
        assert_true(fabs(sum - 1.0) < 1e-5);
    }
    agent_destroy(&a);
    agent_destroy(&b);
    free_mlp(&m);
}

/* ---------------------------------------------------------------- the shipped network
 * Crafted positions where one action is plainly better, put to the agents
 * of results/net/agents.txt (the network's policy alone, and the searcher
 * it guides), each from ten streams. */

#define DUEL "jamaica/1 players=2 rules=ghost=off dice=3,1 ship0=2:1:%s%s ship1=5:1:%s%s " \
             "cards0=ddddddddhdd cards1=dddddddddhd"

static int shipped(char specs[2][512])
{
    FILE *f = fopen("results/net/agents.txt", "r");
    if (!f) return -1;
    int n = 0;
    while (n < 2 && fgets(specs[n], 512, f)) {
        specs[n][strcspn(specs[n], "\n")] = '\0';
        n++;
    }
    fclose(f);
    return n == 2 ? 0 : -1;
}

/* The spec of results/agents.txt's line NAME (NAME SPEC) into spec; 0, or -1. */
static int recommended(const char *name, char spec[512])
{
    FILE *f = fopen("results/agents.txt", "r");
    if (!f) return -1;
    char line[600];
    size_t n = strlen(name);
    int found = -1;
    while (found < 0 && fgets(line, sizeof line, f))
        if (!strncmp(line, name, n) && line[n] == ' ') {
            line[strcspn(line, "\n")] = '\0';
            found = strlen(line + n + 1) < 512 ? 0 : -1;
            if (!found) memcpy(spec, line + n + 1, strlen(line + n + 1) + 1);
        }
    fclose(f);
    return found;
}

/* How many of ten streams choose `want` at s (want < 0: at least -want). */
static int times_chosen(const char *spec, const jm_state *s, int want)
{
    int k = 0;
    for (uint64_t g = 0; g < 10; g++) {
        int a = choose_with(spec, s, g);
        k += want >= 0 ? a == want : a >= -want;
    }
    return k;
}

/* The search policies of agents a[0..k) at a random position of game g
 * (seed `seed`), each from the same stream: the number of legal actions,
 * 0 where there is no choice. */
static int policies_at(agent *a, int k, uint64_t seed, uint64_t g, float p[][JM_MAX_ACTIONS])
{
    jm_state s = random_state(2 + (int)(g % 3), "2021", seed, g, (int)(g * 7 % 100));
    int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
    if (n < 2) return 0;
    for (int i = 0; i < k; i++) {
        agent_reset(&a[i], 5, g, jm_to_move(&s));
        agent_choose(&a[i], &s, legal, n);
        assert_int_equal(agent_policy(&a[i], p[i], NULL), n);
    }
    return n;
}

/* Over random positions of games 0..games-1 of `seed`, a[0..k)'s search
 * policies: each a[i] with bit i of `same` equal to a[0]'s at every one,
 * a[k-1]'s different from a[0]'s at half of them at least. */
static void searches_compare(agent *a, int k, uint64_t seed, int games, unsigned same)
{
    int differ = 0, tried = 0;
    for (uint64_t g = 0; g < (uint64_t)games; g++) {
        float p[4][JM_MAX_ACTIONS];
        int n = policies_at(a, k, seed, g, p);
        if (!n) continue;
        for (int i = 1; i < k; i++)
            if (same >> i & 1) assert_memory_equal(p[0], p[i], (size_t)n * sizeof p[0][0]);
        differ += memcmp(p[0], p[k - 1], (size_t)n * sizeof p[0][0]) != 0;
        tried++;
    }
    assert_true(tried >= games / 2);
    assert_true(differ >= tried / 2);
}

/* infer=FILE: ipow=0 is the search without inference bit for bit, at every
 * position; with ipow=1 the search differs where it has something to read:
 * at card choices where another seat has chosen its card face down (a
 * single decision from a random position has no history). */
static void test_guided_infer(void **state)
{
    (void)state;
    const int h[] = {32};
    mlp m = make_mlp(h, 1, 13);
    write_good(tmp_path("inf.jmn"), &m);
    free_mlp(&m);
    const char *extra[3] = {"", ",ipow=0", ",ipow=1"};
    agent a[3];
    char spec[400], err[300];
    for (int k = 0; k < 3; k++) {
        snprintf(spec, sizeof spec, "guided:file=%s,iters=100,root=puct%s%s%s", tmp_path("inf.jmn"),
                 k ? ",infer=" : "", k ? tmp_path("inf.jmn") : "", extra[k]);
        if (agent_create(&a[k], spec, err, sizeof err)) fail_msg("%s", err);
    }
    int tried = 0, readable = 0, differ = 0;
    for (uint64_t g = 0; g < 400 && readable < 20; g++) {
        jm_state s = random_state(2 + (int)(g % 3), "2021", 23, g, (int)(g * 7 % 100));
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
        if (n < 2) continue;
        float p[3][JM_MAX_ACTIONS];
        for (int k = 0; k < 3; k++) {
            agent_reset(&a[k], 5, g, jm_to_move(&s));
            agent_choose(&a[k], &s, legal, n);
            assert_int_equal(agent_policy(&a[k], p[k], NULL), n);
        }
        assert_memory_equal(p[0], p[1], (size_t)n * sizeof p[0][0]);
        int chosen = 0;
        for (int q = 0; q < jm_players(&s); q++) chosen += jm_card_count(&s, q, JM_PILE_CHOSEN);
        if (jm_decision(&s) == JM_D_CARD && chosen) {
            readable++;
            differ += memcmp(p[0], p[2], (size_t)n * sizeof p[0][0]) != 0;
        }
        tried++;
    }
    assert_true(readable >= 20);
    assert_true(differ >= readable / 2);
    for (int k = 0; k < 3; k++) agent_destroy(&a[k]);
}

/* rollout j of a candidate as docs/AGENTS.md describes it: the deal and
 * dice of jm_observe() with the j-th seed of the seat's stream, whatever
 * the candidate; the candidate, then every seat's likeliest action under
 * the policy to the first decision `rounds` rounds on; the leaf worth half
 * the value head and half eval=hand's estimate (or the exact result), the
 * value head from the view of the seat to move there, or with own from the
 * deciding seat's (view=own).
 * rounds 0: after=, the afterstate's value from the deciding seat's view. */
static double rollout_by_hand(const nn_net *net, const jm_state *s, int action, uint64_t seed, int rounds, int own)
{
    jm_state t;
    int seat = jm_to_move(s), legal[JM_MAX_ACTIONS];
    jm_observe(s, seat, seed, &t);
    jm_apply_trusted(&t, action, NULL);
    if (rounds == 0 && !jm_over(&t)) { /* after=: the afterstate from the deciding seat's view */
        float v[NN_VALUES];
        nn_eval_state(net, &t, seat, NULL, 0, NULL, v);
        return v[seat];
    }
    while (!jm_over(&t) && jm_round(&t) < jm_round(s) + rounds) {
        int n = jm_legal(&t, legal), b = 0;
        float lg[JM_MAX_ACTIONS], v[NN_VALUES];
        if (n > 1) nn_eval_state(net, &t, jm_to_move(&t), legal, n, lg, v);
        for (int i = 1; i < n; i++)
            if (lg[i] > lg[b]) b = i;
        jm_apply_trusted(&t, legal[b], NULL);
    }
    double rw[JM_MAX_PLAYERS];
    if (jm_over(&t)) {
        jm_score sc[JM_MAX_SHIPS];
        int k = jm_scores(&t, sc);
        return sc[seat].winner ? 1.0 / k : 0.0;
    }
    float v[NN_VALUES];
    nn_eval_state(net, &t, own ? seat : jm_to_move(&t), NULL, 0, NULL, v);
    heur_staged_shares(&t, &heur_hand, rw);
    return 0.5 * v[seat] + 0.5 * rw[seat];
}

/* rollout: every candidate's rollout j starts from the same deal and dice.
 * Over random positions, the agent's move is the best of the means computed
 * by hand above with the same seeds for every candidate, and the value it
 * reports is that move's mean, bit for bit.  With m=1 the only candidate
 * is the policy's likeliest action (net's choice at temp=0); halve=1 picks
 * a legal action.  after=FILE the same with the afterstate's value, and
 * view=own with the leaf's value head from the deciding seat's view; the
 * two views differ at some positions (else view=own would be untested). */
static void test_rollout_common_deals(void **state)
{
    (void)state;
    const int h[] = {32};
    mlp m = make_mlp(h, 1, 17);
    write_good(tmp_path("ro.jmn"), &m);
    free_mlp(&m);
    const char *f = tmp_path("ro.jmn");
    nn_net net;
    char spec[400], err[300];
    if (nn_load(&net, f, err, sizeof err)) fail_msg("%s", err);
    int tried = 0, per = 6, views_differ = 0;
    for (uint64_t g = 0; g < 40; g++) {
        jm_state s = random_state(2 + (int)(g % 3), "2021", 29, g, (int)(g * 7 % 100));
        int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal), seat = jm_to_move(&s), rounds = 1 + (int)(g % 2);
        if (n < 2) continue;
        agent a[5];
        jm_state obs;
        float p[JM_MAX_ACTIONS], v[3][JM_MAX_SHIPS];
        int c[5];
        for (int k = 0; k < 5; k++) {
            snprintf(spec, sizeof spec, "rollout:file=%s,rounds=%d,budget=%d%s%s", f, rounds, k == 1 || k == 2 ? per : per * n,
                     k == 1 ? ",m=1" : k == 2 ? ",halve=1" : k == 4 ? ",view=own" : "", k == 3 ? ",after=" : "");
            if (k == 3) strcat(spec, f);
            if (agent_create(&a[k], spec, err, sizeof err)) fail_msg("%s", err);
            agent_reset(&a[k], 5, g, jm_to_move(&s));
            c[k] = agent_choose(&a[k], &s, legal, n);
            if (k == 0 || k >= 3) assert_int_equal(agent_policy(&a[k], p, v[k == 0 ? 0 : k - 2]), n);
        }
        /* the seat's stream as the agent was handed it: the observation's
         * seed (agent_choose's), then the rollouts' */
        uint64_t seed[64];
        agent_reset(&a[1], 5, g, seat);
        for (int j = -1; j < per; j++) {
            uint64_t hi = jm_pcg32_next(&a[1].rng);
            uint64_t x = hi << 32 | jm_pcg32_next(&a[1].rng);
            if (j < 0) jm_observe(&s, seat, x, &obs);
            else seed[j] = x;
        }
        for (int k = 0; k < 3; k++) { /* the default, after=, view=own */
            double best = -1, mean[JM_MAX_ACTIONS];
            int b = 0;
            for (int i = 0; i < n; i++) {
                double sum = 0;
                for (int j = 0; j < per; j++) sum += rollout_by_hand(&net, &obs, legal[i], seed[j], k == 1 ? 0 : rounds, k == 2);
                mean[i] = sum / per;
                if (mean[i] > best) best = mean[i], b = i;
            }
            assert_int_equal(c[k == 0 ? 0 : k + 2], legal[b]);
            assert_true(v[k][seat] == (float)mean[b]);
        }
        views_differ += v[2][seat] != v[0][seat];
        snprintf(spec, sizeof spec, "net:file=%s", f);
        assert_int_equal(c[1], choose_with(spec, &s, g));
        int legal2 = 0;
        for (int i = 0; i < n; i++) legal2 += legal[i] == c[2];
        assert_int_equal(legal2, 1);
        for (int k = 0; k < 5; k++) agent_destroy(&a[k]);
        tried++;
    }
    assert_true(tried >= 20);
    assert_true(views_differ >= 5);
    nn_free(&net);
}

/* cutoff=0: no playout, the leaf valued as value=hand values it, so
 * value=playout,cutoff=0 is value=hand's search bit for bit; value=mix with
 * cutoff=0 mixes the value head with that estimate, a search of its own. */
static void test_guided_cutoff0(void **state)
{
    (void)state;
    const int h[] = {32};
    mlp m = make_mlp(h, 1, 9);
    write_good(tmp_path("c0.jmn"), &m);
    free_mlp(&m);
    const char *extra[4] = {"value=hand", "value=playout,cutoff=0", "value=mix,cutoff=0,mix=0.5",
                            "value=mix,mix=0.5"};
    agent a[4];
    char spec[300], err[300];
    for (int k = 0; k < 4; k++) {
        snprintf(spec, sizeof spec, "guided:file=%s,iters=200,root=puct,%s", tmp_path("c0.jmn"), extra[k]);
        if (agent_create(&a[k], spec, err, sizeof err)) fail_msg("%s", err);
    }
    int mixed = 0, tried = 0;
    for (uint64_t g = 0; g < 40; g++) {
        float p[4][JM_MAX_ACTIONS];
        int n = policies_at(a, 4, 13, g, p);
        if (!n) continue;
        assert_memory_equal(p[0], p[1], (size_t)n * sizeof p[0][0]);
        mixed += memcmp(p[2], p[0], (size_t)n * sizeof p[0][0]) != 0 &&
                 memcmp(p[2], p[3], (size_t)n * sizeof p[0][0]) != 0;
        tried++;
    }
    assert_true(tried >= 20);
    assert_true(mixed >= tried / 2);
    for (int k = 0; k < 4; k++) agent_destroy(&a[k]);
}

/* The net agent's policy for a trainer (agent_policy): the softmax of its
 * logits at temperature 1 (temp=0) or temp, its greedy choice the likeliest,
 * and the value head's shares of the ships in play. */
static void test_net_policy(void **state)
{
    (void)state;
    const int h[] = {16};
    mlp m = make_mlp(h, 1, 11);
    write_good(tmp_path("np.jmn"), &m);
    free_mlp(&m);
    nn_net net;
    char err[300], spec[300];
    if (nn_load(&net, tmp_path("np.jmn"), err, sizeof err)) fail_msg("%s", err);
    for (int t = 0; t < 2; t++) {
        agent a;
        snprintf(spec, sizeof spec, "net:file=%s%s", tmp_path("np.jmn"), t ? ",temp=2" : "");
        if (agent_create(&a, spec, err, sizeof err)) fail_msg("%s", err);
        int tried = 0;
        for (uint64_t g = 0; g < 30; g++) {
            jm_state s = random_state(2 + (int)(g % 4), "2021", 17, g, (int)(g * 5 % 90));
            int legal[JM_MAX_ACTIONS], n = jm_legal(&s, legal);
            if (n < 2) continue;
            agent_reset(&a, 3, g, jm_to_move(&s));
            int c = agent_choose(&a, &s, legal, n);
            float p[JM_MAX_ACTIONS], v[JM_MAX_SHIPS], lg[JM_MAX_ACTIONS], want[JM_MAX_ACTIONS], vw[NN_VALUES];
            assert_int_equal(agent_policy(&a, p, v), n);
            nn_eval_state(&net, &s, jm_to_move(&s), legal, n, lg, vw);
            nn_softmax(lg, n, t ? 2.0f : 1.0f, want);
            assert_memory_equal(p, want, (size_t)n * sizeof p[0]);
            assert_memory_equal(v, vw, sizeof vw);
            float sum = 0;
            int best = 0;
            for (int i = 0; i < n; i++) {
                sum += p[i];
                if (p[i] > p[best]) best = i;
            }
            assert_true(sum > 0.999f && sum < 1.001f);
            if (!t) assert_int_equal(c, legal[best]);
            tried++;
        }
        assert_true(tried >= 15);
        agent_destroy(&a);
    }
    nn_free(&net);
}

static void test_shipped_agents_play_the_plain_moves(void **state)
{
    (void)state;
    char specs[5][512];
    if (shipped(specs)) fail_msg("results/net/agents.txt: two agent specs expected");
    /* and results/agents.txt's recommended searcher, the one that reads the
     * opponents' cards, and the policy's rollouts */
    if (recommended("searcher", specs[2])) fail_msg("results/agents.txt: no searcher line");
    if (recommended("inference", specs[3])) fail_msg("results/agents.txt: no inference line");
    if (recommended("rollout", specs[4])) fail_msg("results/agents.txt: no rollout line");
    /* Finishes when finishing wins (test_agents.c's forced win): P0 on 47
     * finishes with forward / forward and wins; P1 would finish next round. */
    jm_state fin = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=47:1:6g.2g.-.-.- "
                       "ship1=44:1:6g.6g.3f.-.- cards0=dhdddhdddhd");
    /* Spends the gunpowder that wins the battle: P1 defends against P0's
     * 4 with no gunpowder spent (B4: it spends knowing the roll); 3 of its
     * 6 make a 5 at least, a sure win (a star wins too), then it loots. */
    jm_state pw = pos(DUEL, HP("3f 3g"), "", HP("3f 3g 6p"), "");
    force(&pw, 1, F4);
    play_cards(&pw, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, NULL);
    expect_decision(&pw, JM_D_POWDER, 1);
    /* Keeps a winning Sabre roll: P0 rolled a 10 with the Sabre (B6): a
     * reroll can only do worse but for a star, and would spend the Sabre
     * that could still undo the defender's roll. */
    jm_state sb = pos(DUEL, "3f.3g.-.-.-", ":sabre*", "3f.3g.-.-.-", "");
    force(&sb, 1, F10);
    play_cards(&sb, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, NULL);
    expect_decision(&sb, JM_D_SABRE, 0);
    /* Undoes the defender's star with the Sabre (B4, B6): P0 attacks with a
     * 6 and keeps it; P1 rolls a star, which wins it the battle at once.
     * Forcing the reroll can only help P0: a star again loses as now, any
     * number leaves P1 at most 10 against P0's 6. */
    jm_state st = pos(DUEL, "3f.3g.-.-.-", ":sabre*", "3f.3g.-.-.-", "");
    force(&st, 2, F6, FSTAR);
    play_cards(&st, (int[]){C_FWD_FOOD, C_FOOD_POWDER}, NULL);
    expect_decision(&st, JM_D_SABRE, 0);
    act(&st, 0, NULL);
    expect_decision(&st, JM_D_SABRE, 0);
    /* Does not attack the armed ship (test_agents.c's greedy position): P1
     * on 12 holds twelve gunpowder and nothing to loot; forward 2 / forward
     * 3 would land P0 on it, gunpowder / gold loads instead. */
    jm_state armed = pos("jamaica/1 players=2 rules=ghost=off dice=2,3 ship0=10:1:3f.3g.-.-.- "
                         "ship1=12:1:6p.6p.-.-.- cards0=dhdddhddddd");
    for (int k = 0; k < 5; k++) {
        int f = times_chosen(specs[k], &fin, C_FWD_FWD), p = times_chosen(specs[k], &pw, -3),
            b = times_chosen(specs[k], &sb, 0), l = times_chosen(specs[k], &armed, C_POWDER_GOLD),
            r = times_chosen(specs[k], &st, 1);
        print_message("%s: finishes %d/10, spends 3+ gunpowder %d/10, keeps the 10 %d/10, leaves the armed ship "
                      "%d/10, rerolls the star %d/10\n", specs[k], f, p, b, l, r);
        assert_int_equal(f, 10);
        assert_int_equal(p, 10);
        assert_int_equal(l, 10);
        assert_int_equal(r, 10);
        /* The policy alone forces the reroll of its 10 (results/net/README.md:
         * its teacher's games hold few Sabre choices); the search keeps it. */
        if (k >= 1) assert_int_equal(b, 10);
    }
}

/* test_agents.c's crafted positions for greedy, put to results/agents.txt's
 * searcher, the one that reads the opponents' cards and the policy's
 * rollouts, ten streams each:
 * the lair over a shortage, paying from the hold that frees one, keeping
 * the gunpowder before a battle, taking the win it can take now, not ending
 * a game it loses (the forced win and the armed ship are above). */
static void test_searchers_play_greedys_positions(void **state)
{
    (void)state;
    char specs[3][512];
    if (recommended("searcher", specs[0]) || recommended("inference", specs[1]) || recommended("rollout", specs[2]))
        fail_msg("results/agents.txt: no searcher, inference or rollout line");
    jm_state lair = pos("jamaica/1 players=2 rules=ghost=off dice=2,4 ship0=15:1:1g.-.-.-.- ship1=40:1:3f.3g.-.-.- "
                        "cards0=hdddhdddddd pile=+7a.+5");
    jm_state pay = pos("jamaica/1 players=2 rules=ghost=off dice=3,4 ship0=13:1:3g.5g.3f.3p.1p ship1=40:1:3f.3g.-.-.- "
                       "cards0=ddddhdddddd");
    play_cards(&pay, (int[]){C_FWD_POWDER, 0}, NULL);
    expect_decision(&pay, JM_D_PAY, 0);
    jm_state keep = pos("jamaica/1 players=2 rules=ghost=off dice=3,2 ship0=10:1:3f.3g.4p.2f.1g "
                        "ship1=12:1:3f.3g.2p.-.- cards0=dddddddhddd");
    play_cards(&keep, (int[]){C_GOLD_FWD, 0}, NULL);
    expect_decision(&keep, JM_D_HOLD, 0);
    jm_state now = pos("jamaica/1 players=2 rules=ghost=off dice=1,1 ship0=48:1:6f.6p.5g.-.-:sabre* "
                       "ship1=30:1:3f.3g.-.-.- cards0=hhdddddhddd");
    jm_state lose = pos("jamaica/1 players=2 rules=ghost=off dice=1,1 ship0=48:1:6f.6p.-.-.- "
                        "ship1=36:1:6f.6g.6g.6g.6g.-:hold6* cards0=hhdddddhddd");
    for (int k = 0; k < 3; k++) {
        int l = times_chosen(specs[k], &lair, C_FOOD_FWD), p = times_chosen(specs[k], &pay, 0),
            g = 10 - times_chosen(specs[k], &keep, 2), w = times_chosen(specs[k], &now, C_FWD_FWD),
            e = 10 - times_chosen(specs[k], &lose, C_FWD_FWD);
        print_message("%s: the lair %d/10, pays from the hold that frees one %d/10, keeps the gunpowder %d/10, "
                      "takes the win %d/10, does not end a lost game %d/10\n", specs[k], l, p, g, w, e);
        assert_int_equal(l, 10);
        assert_int_equal(p, 10);
        assert_int_equal(w, 10);
        assert_int_equal(e, 10);
        /* the gunpowder is a judgment the searchers split on (about half of
         * the streams each, and the recommended searcher too): greedy's rule,
         * not a plainly better move, so it is reported, not asserted */
    }
    int g = 10 - times_chosen("mcts:iters=4500,cutoff=2,c=0.3,stop=decided,eval=hand", &keep, 2);
    print_message("the recommended searcher keeps the gunpowder %d/10\n", g);
}

/* The lair or the shortage (results/rollout/README.md, "A lair or a
 * shortage"): P0 on 28 with six gold and no food moves forward 5, to the
 * lair on 33 (its token there, a treasure to draw) or to 39, a sea space
 * costing 4 food it cannot pay.  The policy, the searcher and the
 * inference searcher take the lair on all ten streams; the rollouts
 * (results/agents.txt's, 512 of them) take the shortage on all ten: at
 * their leaf one round on, eval=hand counts the shortage's two steps
 * nearer the finish and the value head reads the position from the next
 * Captain's view, P1's, in which the lair's treasure is face down, where
 * the policy's own games to the end give the lair the better share.
 * Played on three rounds, the rollouts take the lair on most streams. */
static void test_rollout_lair_or_shortage(void **state)
{
    (void)state;
    char specs[4][512], spec[600];
    if (recommended("policy", specs[0]) || recommended("searcher", specs[1]) || recommended("inference", specs[2]) ||
        recommended("rollout", specs[3]))
        fail_msg("results/agents.txt: no policy, searcher, inference or rollout line");
    jm_state s = pos("jamaica/1 players=2 round=16 dice=5,1 ship0=28:1:-.-.3g.-.3g:sabre* ship1=10:1:-.5f.5p.1g.- "
                     "cards0=dddddhhdpdd cards1=dddcdddhddh pile=map.hold6.+3a.+3b.+5.+7a.+7b.-4 "
                     "lairs=9.11.19.22.25.33.37.44 decision=dest turn=0.0.8.- rng=5851f42d4c957f2e.0000000000000001");
    int legal[JM_MAX_ACTIONS];
    assert_int_equal(jm_legal(&s, legal), 2);
    assert_int_equal(legal[0], 33);
    assert_int_equal(legal[1], 39);
    int lair[4];
    for (int k = 0; k < 4; k++) lair[k] = times_chosen(specs[k], &s, 33);
    snprintf(spec, sizeof spec, "%s", specs[3]);
    char *r = strstr(spec, "rounds=1");
    if (!r) fail_msg("results/agents.txt: the rollout line names no rounds=1");
    r[7] = '3';
    int three = times_chosen(spec, &s, 33);
    print_message("the lair: policy %d/10, searcher %d/10, inference %d/10, rollout %d/10, rollout at rounds=3 %d/10\n",
                  lair[0], lair[1], lair[2], lair[3], three);
    for (int k = 0; k < 3; k++) assert_int_equal(lair[k], 10);
    assert_int_equal(lair[3], 0);
    assert_true(three >= 6);
}

/* expand=K: a leaf gets the network (and its children) at its K-th visit.
 * The searches differ from expand=1's, so the parameter acts; expand=1 is
 * the default, the same search bit for bit. */
static void test_guided_expand(void **state)
{
    (void)state;
    const int h[] = {32};
    mlp m = make_mlp(h, 1, 7);
    write_good(tmp_path("e.jmn"), &m);
    free_mlp(&m);
    const char *extra[3] = {"", ",expand=1", ",expand=4"};
    agent a[3];
    char spec[300], err[300];
    for (int k = 0; k < 3; k++) {
        snprintf(spec, sizeof spec, "guided:file=%s,iters=200,root=puct,value=playout%s", tmp_path("e.jmn"), extra[k]);
        if (agent_create(&a[k], spec, err, sizeof err)) fail_msg("%s", err);
    }
    searches_compare(a, 3, 12, 40, 1u << 1); /* expand=1 is the default; expand=4 differs */
    for (int k = 0; k < 3; k++) agent_destroy(&a[k]);
}

/* vfile=PATH: the leaves' value from another network's value head, the
 * priors still file's.  vfile naming file itself is the search without
 * it, bit for bit; another network's values change it, under value=net
 * and value=mix; its priors do not enter (a vfile network differing only
 * in its policy searches as file alone does). */
static void test_guided_vfile(void **state)
{
    (void)state;
    const int h[] = {32};
    mlp m = make_mlp(h, 1, 21), other = make_mlp(h, 1, 22);
    write_good(tmp_path("vf.jmn"), &m);
    write_good(tmp_path("vf-other.jmn"), &other);
    /* m's values with other's policy: as vfile, the same search as m alone */
    memcpy(tensor(&other, "value.weight")->data, tensor(&m, "value.weight")->data,
           sizeof(float) * NN_VALUES * 32);
    memcpy(tensor(&other, "value.bias")->data, tensor(&m, "value.bias")->data, sizeof(float) * NN_VALUES);
    memcpy(tensor(&other, "layer0.weight")->data, tensor(&m, "layer0.weight")->data,
           sizeof(float) * 32 * JM_OBS_SIZE);
    memcpy(tensor(&other, "layer0.bias")->data, tensor(&m, "layer0.bias")->data, sizeof(float) * 32);
    write_good(tmp_path("vf-samev.jmn"), &other);
    free_mlp(&m);
    free_mlp(&other);
    const char *value[2] = {"value=net", "value=mix,mix=0.5"};
    for (int v = 0; v < 2; v++) {
        const char *vf[4] = {"", "vf.jmn", "vf-samev.jmn", "vf-other.jmn"};
        agent a[4];
        char spec[400], err[300];
        for (int k = 0; k < 4; k++) {
            int w = snprintf(spec, sizeof spec, "guided:file=%s,iters=150,root=puct,%s", tmp_path("vf.jmn"), value[v]);
            if (k) snprintf(spec + w, sizeof spec - (size_t)w, ",vfile=%s", tmp_path(vf[k]));
            if (agent_create(&a[k], spec, err, sizeof err)) fail_msg("%s", err);
        }
        searches_compare(a, 4, 14, 30, 1u << 1 | 1u << 2); /* file itself, its value head: the same */
        for (int k = 0; k < 4; k++) agent_destroy(&a[k]);
    }
}

static void test_agents_refuse_bad_specs(void **state)
{
    (void)state;
    agent a;
    char err[400];
    assert_int_equal(agent_create(&a, "net", err, sizeof err), -1);
    assert_non_null(strstr(err, "file=PATH is needed"));
    assert_int_equal(agent_create(&a, "guided:iters=10", err, sizeof err), -1);
    assert_non_null(strstr(err, "file=PATH is needed"));
    assert_int_equal(agent_create(&a, "net:file=/no/such/net.jmn", err, sizeof err), -1);
    assert_non_null(strstr(err, "/no/such/net.jmn: No such file"));
    assert_int_equal(agent_create(&a, "guided:file=x,iters=0", err, sizeof err), -1);
    assert_non_null(strstr(err, "iters"));
    char spec[300];
    snprintf(spec, sizeof spec, "guided:file=%s,expand=2", tmp_path("bad-spec.jmn"));
    const int h[] = {16};
    mlp m = make_mlp(h, 1, 6);
    write_good(tmp_path("bad-spec.jmn"), &m);
    free_mlp(&m);
    assert_int_equal(agent_create(&a, spec, err, sizeof err), -1); /* value=net has no value without it */
    assert_non_null(strstr(err, "expand=2 needs value=hand, playout or mix"));
    snprintf(spec, sizeof spec, "guided:file=%s,expand=0,value=hand", tmp_path("bad-spec.jmn"));
    assert_int_equal(agent_create(&a, spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "expand"));
    snprintf(spec, sizeof spec, "guided:file=%s,value=playout,vfile=%s", tmp_path("bad-spec.jmn"),
             tmp_path("bad-spec.jmn"));
    assert_int_equal(agent_create(&a, spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "needs value=net or mix"));
    snprintf(spec, sizeof spec, "guided:file=%s,value=mix,vfile=/no/such/v.jmn", tmp_path("bad-spec.jmn"));
    assert_int_equal(agent_create(&a, spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "/no/such/v.jmn: No such file"));
    snprintf(spec, sizeof spec, "guided:file=%s,value=mix,mix=1.5", tmp_path("bad-spec.jmn"));
    assert_int_equal(agent_create(&a, spec, err, sizeof err), -1);
    assert_non_null(strstr(err, "mix"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_load_good),
        cmocka_unit_test(test_load_refuses_bad_files),
        cmocka_unit_test(test_eval_matches_reference),
        cmocka_unit_test(test_exp_and_log),
        cmocka_unit_test(test_net_plays_its_policy),
        cmocka_unit_test(test_guided_finds_the_forced_win),
        cmocka_unit_test(test_guided_policy_and_determinism),
        cmocka_unit_test(test_guided_expand),
        cmocka_unit_test(test_guided_vfile),
        cmocka_unit_test(test_guided_cutoff0),
        cmocka_unit_test(test_net_policy),
        cmocka_unit_test(test_agents_refuse_bad_specs),
        cmocka_unit_test(test_shipped_agents_play_the_plain_moves),
        cmocka_unit_test(test_searchers_play_greedys_positions),
        cmocka_unit_test(test_guided_infer),
        cmocka_unit_test(test_rollout_common_deals),
        cmocka_unit_test(test_rollout_lair_or_shortage),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
