/* table.c - the CSVs of tournaments and studies (see table.h). */
#include <string.h>

#include "csv.h"
#include "table.h"

void csv_table_header(FILE *f, const csv_table *t)
{
    for (int c = 0; c < t->n; c++) fprintf(f, "%s%s", c ? "," : "", t->cols[c].name);
    fputc('\n', f);
}

void csv_table_header2(FILE *f, const csv_table *t, const csv_table *ext)
{
    for (int c = 0; c < t->n; c++) fprintf(f, "%s%s", c ? "," : "", t->cols[c].name);
    for (int c = 0; ext && c < ext->n; c++) fprintf(f, ",%s", ext->cols[c].name);
    fputc('\n', f);
}

static void put_fields(FILE *f, const csv_table *t, const csv_val *v, int comma);

void csv_table_row(FILE *f, const csv_table *t, const csv_val *v)
{
    put_fields(f, t, v, 0);
    fputc('\n', f);
}

void csv_table_row2(FILE *f, const csv_table *t, const csv_val *v, const csv_table *ext, const csv_val *ve)
{
    put_fields(f, t, v, 0);
    if (ext) put_fields(f, ext, ve, 1);
    fputc('\n', f);
}

void csv_tables_header(FILE *f, const csv_table *const *t, int n)
{
    int comma = 0;
    for (int k = 0; k < n; k++)
        for (int c = 0; t[k] && c < t[k]->n; c++) fprintf(f, "%s%s", comma++ ? "," : "", t[k]->cols[c].name);
    fputc('\n', f);
}

void csv_tables_row(FILE *f, const csv_table *const *t, const csv_val *const *v, int n)
{
    int comma = 0;
    for (int k = 0; k < n; k++)
        if (t[k]) put_fields(f, t[k], v[k], comma++ > 0);
    fputc('\n', f);
}

static void put_fields(FILE *f, const csv_table *t, const csv_val *v, int comma)
{
    for (int c = 0; c < t->n; c++) {
        const char *fmt = t->cols[c].fmt;
        if (c || comma) fputc(',', f);
        switch (v[c].kind) {
        case CSV_EMPTY: break;
        case CSV_TEXT: {
            char q[2 * 1024 + 3]; /* an agent list of up to 1023 characters, quoted */
            csv_field(q, sizeof q, v[c].text);
            fputs(q, f);
            break;
        }
        case CSV_INT: fprintf(f, "%lld", v[c].i); break;
        case CSV_UINT: fprintf(f, "%llu", v[c].u); break;
        case CSV_REAL: fprintf(f, fmt, v[c].x); break;
        }
    }
}

#define TABLE(name, cols) const csv_table name = {cols, (int)(sizeof cols / sizeof cols[0])}

static const csv_col ratings_cols[RT_NCOL] = {
    {"agent", "%s"}, {"games", "%llu"}, {"wins", "%.10g"}, {"win_rate", "%.6f"}, {"wilson_low", "%.6f"},
    {"wilson_high", "%.6f"}, {"mean_rank", "%.4f"}, {"rank_low", "%.4f"}, {"rank_high", "%.4f"},
    {"rating", "%.2f"}, {"rating_low", "%.2f"}, {"rating_high", "%.2f"},
};
TABLE(ratings_csv, ratings_cols);

static const csv_col names_cols[NM_NCOL] = {{"name", "%s"}};
TABLE(names_csv, names_cols);

static const csv_col pairs_cols[PR_NCOL] = {
    {"agent", "%s"}, {"opponent", "%s"}, {"games", "%llu"}, {"ahead", "%.6f"}, {"low", "%.6f"}, {"high", "%.6f"},
};
TABLE(pairs_csv, pairs_cols);

static const csv_col captain_cols[CA_NCOL] = {
    {"agents", "%s"}, {"players", "%lld"}, {"games", "%llu"}, {"captain_offset", "%lld"}, {"wins", "%.10g"},
    {"win_rate", "%.6f"}, {"wilson_low", "%.6f"}, {"wilson_high", "%.6f"}, {"fair_share", "%.6f"},
    {"p_vs_fair", "%.4g"}, {"adv", "%.6f"}, {"adv_low", "%.6f"}, {"adv_high", "%.6f"}, {"adv_p", "%.4g"},
    {"seed", "%llu"}, {"first_game", "%llu"}, {"rules", "%s"}, {"wins_420", "%lld"}, {"adv_sum", "%lld"},
    {"adv_sq", "%llu"},
};
TABLE(captain_csv, captain_cols);

static const csv_col ghost_cols[GH_NCOL] = {
    {"agents", "%s"}, {"players", "%lld"}, {"measure", "%s"}, {"games", "%llu"}, {"ghost_off", "%.6f"},
    {"ghost_on", "%.6f"}, {"diff", "%.6f"}, {"low", "%.6f"}, {"high", "%.6f"}, {"p_value", "%.4g"},
    {"seed", "%llu"}, {"first_game", "%llu"}, {"rules", "%s"}, {"off_sum", "%lld"}, {"on_sum", "%lld"},
    {"diff_sum", "%lld"}, {"diff_sq", "%llu"},
};
TABLE(ghost_csv, ghost_cols);

static const csv_col sweep_cols[SW_NCOL] = {
    {"option", "%s"}, {"value", "%lld"}, {"agents", "%s"}, {"players", "%lld"}, {"games", "%llu"},
    {"measure", "%s"}, {"estimate", "%.6f"}, {"low", "%.6f"}, {"high", "%.6f"}, {"seed", "%llu"},
    {"first_game", "%llu"}, {"rules", "%s"}, {"sum", "%lld"}, {"sum_sq", "%llu"},
};
TABLE(sweep_csv, sweep_cols);

static const csv_col captain_adj_cols[CAJ_NCOL] = {
    {"win_rate_adj", "%.6f"}, {"win_rate_adj_low", "%.6f"}, {"win_rate_adj_high", "%.6f"}, {"adv_adj", "%.6f"},
    {"adv_adj_low", "%.6f"}, {"adv_adj_high", "%.6f"}, {"adv_adj_p", "%.4g"}, {"luck", "%s"}, {"wins_adj", "%lld"},
    {"wins_adj_sq", "%llu"}, {"adv_adj_sum", "%lld"}, {"adv_adj_sq", "%llu"}, {"luck_split", "%s"},
};
TABLE(captain_adj_csv, captain_adj_cols);

static const csv_col ghost_adj_cols[GAJ_NCOL] = {
    {"ghost_on_adj", "%.6f"}, {"ghost_on_adj_low", "%.6f"}, {"ghost_on_adj_high", "%.6f"}, {"luck", "%s"},
    {"on_adj_sum", "%lld"}, {"on_adj_sq", "%llu"}, {"luck_split", "%s"},
};
TABLE(ghost_adj_csv, ghost_adj_cols);

static const csv_col sweep_adj_cols[SAJ_NCOL] = {
    {"estimate_adj", "%.6f"}, {"estimate_adj_low", "%.6f"}, {"estimate_adj_high", "%.6f"}, {"luck", "%s"},
    {"sum_adj", "%lld"}, {"sum_adj_sq", "%llu"},
};
TABLE(sweep_adj_csv, sweep_adj_cols);

static const csv_col ratings_adj_cols[RTJ_NCOL] = {
    {"win_rate_adj", "%.6f"}, {"win_rate_adj_low", "%.6f"}, {"win_rate_adj_high", "%.6f"}, {"rating_adj", "%.2f"},
    {"rating_adj_low", "%.2f"}, {"rating_adj_high", "%.2f"}, {"luck", "%s"},
};
TABLE(ratings_adj_csv, ratings_adj_cols);

static const csv_col pairs_adj_cols[PRJ_NCOL] = {
    {"win_diff", "%.6f"}, {"win_diff_low", "%.6f"}, {"win_diff_high", "%.6f"}, {"win_diff_adj", "%.6f"},
    {"win_diff_adj_low", "%.6f"}, {"win_diff_adj_high", "%.6f"}, {"luck", "%s"},
};
TABLE(pairs_adj_csv, pairs_adj_cols);
