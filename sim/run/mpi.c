/*
 * mpi.c - sim_dist over MPI (see sim.h): every rank plays its share of each
 * block of games, rank 0 gathers the games, their rows and the time per
 * decision, and writes.  Compiled with -DJM_MPI by `make mpi`; otherwise
 * one process and no MPI at all.
 */
#include <stdlib.h>
#include <string.h>

#include "mpi.h"

#ifdef JM_MPI
#include <mpi.h>

static sim_dist world;
static int nranks = 1;

static int mpi_any(const sim_dist *d, int flag)
{
    (void)d;
    int v = flag != 0;
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return v;
}

static uint64_t mpi_bcast(const sim_dist *d, uint64_t v)
{
    (void)d;
    MPI_Bcast(&v, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return v;
}

static void mpi_sum(const sim_dist *d, uint64_t *v, size_t n)
{
    if (d->rank == 0) MPI_Reduce(MPI_IN_PLACE, v, (int)n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    else MPI_Reduce(v, NULL, (int)n, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
}

/* Gather a slice [lo, hi) of each rank's array of elements of `each` bytes
 * into rank 0's array (the slices tile [0, nb)). */
static int gather_slices(const sim_dist *d, int nb, void *base, size_t each)
{
    int lo, hi, *counts = NULL, *displs = NULL, rc = 0;
    sim_share(nb, d->rank, d->size, &lo, &hi);
    if (d->rank == 0) {
        counts = malloc((size_t)d->size * sizeof *counts);
        displs = malloc((size_t)d->size * sizeof *displs);
        if (!counts || !displs) rc = -1;
        for (int r = 0; !rc && r < d->size; r++) {
            int l, h;
            sim_share(nb, r, d->size, &l, &h);
            counts[r] = (int)((size_t)(h - l) * each);
            displs[r] = (int)((size_t)l * each);
        }
    }
    char *b = base;
    if (d->rank == 0)
        MPI_Gatherv(MPI_IN_PLACE, 0, MPI_BYTE, b, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
    else
        MPI_Gatherv(b + (size_t)lo * each, (int)((size_t)(hi - lo) * each), MPI_BYTE, NULL, NULL, NULL, MPI_BYTE, 0,
                    MPI_COMM_WORLD);
    free(counts);
    free(displs);
    return rc;
}

static int mpi_gather(const sim_dist *d, int nb, sim_game *res, unsigned char *done, size_t *len,
                      const char *slots, size_t slot, char **text)
{
    int lo, hi;
    sim_share(nb, d->rank, d->size, &lo, &hi);
    for (int i = lo; i < hi; i++)
        if (!done[i] || !slots) len[i] = 0;
    if (gather_slices(d, nb, res, sizeof *res) || gather_slices(d, nb, done, 1) ||
        gather_slices(d, nb, len, sizeof *len))
        return -1;
    if (!slots) return 0;
    /* The rows: each rank packs its games' rows in order; rank 0 receives
     * them in rank order, which is game order. */
    size_t mine = 0;
    for (int i = lo; i < hi; i++) mine += len[i];
    char *pack = malloc(mine ? mine : 1);
    if (!pack) return -1;
    size_t o = 0;
    for (int i = lo; i < hi; i++) {
        memcpy(pack + o, slots + (size_t)i * slot, len[i]);
        o += len[i];
    }
    int count = (int)mine, *counts = NULL, *displs = NULL, rc = 0;
    if (d->rank == 0) {
        counts = malloc((size_t)d->size * sizeof *counts);
        displs = malloc((size_t)d->size * sizeof *displs);
    }
    MPI_Gather(&count, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (d->rank == 0) {
        size_t total = 0;
        for (int r = 0; r < d->size; r++) {
            displs[r] = (int)total;
            total += (size_t)counts[r];
        }
        char *t = realloc(*text, total ? total : 1);
        if (!t) rc = -1;
        else *text = t;
    }
    MPI_Gatherv(pack, count, MPI_BYTE, d->rank == 0 ? *text : NULL, counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD);
    free(pack);
    free(counts);
    free(displs);
    return rc;
}

int sim_mpi_start(int *argc, char ***argv)
{
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &world.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world.size);
    nranks = world.size;
    world.any = mpi_any;
    world.bcast = mpi_bcast;
    world.gather = mpi_gather;
    world.sum = mpi_sum;
    return world.rank;
}

int sim_mpi_finish(int rc)
{
    /* Every rank returns what rank 0 returns (a failure anywhere is
     * rank 0's failure: the run agreed on it). */
    MPI_Finalize();
    return rc;
}

const sim_dist *sim_mpi_dist(void)
{
    return nranks > 1 ? &world : NULL;
}

int sim_mpi_size(void)
{
    return nranks;
}

int sim_mpi_rank(void)
{
    return world.rank;
}

int sim_mpi_any(int flag)
{
    return nranks > 1 ? mpi_any(&world, flag) : flag != 0;
}

uint64_t sim_mpi_bcast(uint64_t v)
{
    return nranks > 1 ? mpi_bcast(&world, v) : v;
}

#else

int sim_mpi_start(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int sim_mpi_finish(int rc)
{
    return rc;
}

const sim_dist *sim_mpi_dist(void)
{
    return NULL;
}

int sim_mpi_size(void)
{
    return 1;
}

int sim_mpi_rank(void)
{
    return 0;
}

int sim_mpi_any(int flag)
{
    return flag != 0;
}

uint64_t sim_mpi_bcast(uint64_t v)
{
    return v;
}

#endif
