/*
 * mpi.h - the harness over MPI ranks (bin/jamaica-mpi, `make mpi`).  In the
 * plain build they report one process and distribute nothing.
 */
#ifndef SIM_MPI_H
#define SIM_MPI_H

#include "harness.h"

/* MPI_Init (the MPI build); the rank, 0 in the plain build. */
int sim_mpi_start(int *argc, char ***argv);
/* MPI_Finalize, or MPI_Abort with rc when some rank failed. */
int sim_mpi_finish(int rc);
/* The ranks as a sim_dist, or NULL for one process. */
const sim_dist *sim_mpi_dist(void);
/* The number of ranks (1 in the plain build) and this one's. */
int sim_mpi_size(void);
int sim_mpi_rank(void);
/* 1 on every rank if any rank passes a non-zero flag (the flag itself with
 * one process): ranks agree before they part ways. */
int sim_mpi_any(int flag);
/* Rank 0's value on every rank (v itself with one process). */
uint64_t sim_mpi_bcast(uint64_t v);

#endif
