/*
 * nimber_mpi.c — `nimber-mpi atlas FAMILY... [--upto N] [--out FILE]
 * [--format F]`: the sweep of `nimber atlas` under mpirun (OpenMPI).  Built
 * only when mpicc is found; the library stays libc-only and this program
 * adds nothing but the distribution: the list, each code's record, the
 * results file and the table are libnimber's atlas (nimber_atlas_*), the
 * same code the serial command runs, so both give the same records code for code.
 *
 * Rank 0 is the master: it builds the list, reads the results file
 * (resume: codes already there are skipped), sorts the codes left by
 * expected cost, longest first (nimber_atlas_cost: a code that runs for
 * minutes should start at once, not last), and hands them out one at a
 * time to whichever worker asks — dynamic scheduling, so a worker stuck
 * on an unsolved code does not hold up the others.  Each finished record
 * comes back as its JSON line; rank 0 appends it to the file and flushes
 * it at once, and at the end rewrites the file in the list's order with
 * the classes set, exactly as the serial sweep does.  A killed sweep
 * therefore resumes where it stopped and ends with the same file.  With
 * one rank, rank 0 computes every code itself.
 *
 * Messages (MPI_COMM_WORLD): a worker sends READY (empty) to ask for work
 * and then RESULT (the JSON line) or FAILED ("CODE message") for each
 * code; rank 0 answers TASK (the specification, NUL-terminated) or STOP.
 */
#include "nimber.h"

#include <stdio.h>

#include <errno.h>
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { TAG_READY = 1, TAG_RESULT, TAG_FAILED, TAG_TASK, TAG_STOP };

/* Exit codes (sysexits.h), as the nimber program uses them. */
enum { EX_USAGE_ = 64, EX_SOFTWARE_ = 70, EX_OSERR_ = 71 };

static const char usage[] =
    "usage: mpirun -np P nimber-mpi atlas FAMILY... [--upto N] [--out FILE]\n"
    "                                   [--format jsonl|json|md|csv]\n"
    "                                   [--max-options N] [--max-seconds S]\n"
    "                                   [--freq DIR]\n\n"
    "The sweep of 'nimber atlas' on P processes: rank 0 hands out the codes\n"
    "(longest expected first) and writes FILE; ranks 1..P-1 compute.  Same\n"
    "arguments, records, resume and output as 'nimber atlas' (see 'nimber\n"
    "atlas --help' and 'man nimber').\n";

/* Options of a run (every rank reads them from its own argv). */
typedef struct {
    nimber_atlas_limits lim;
    const char *out;
    int has_format;
    nimber_atlas_format fmt;
} options;

/* The exit code for a library status (as the nimber program maps it). */
static int exit_for(int st) {
    switch (st) {
    case NIMBER_E_NOMEM:
    case NIMBER_E_LIMIT: return EX_OSERR_;
    case NIMBER_E_IO: return 74;
    case NIMBER_E_SYNTAX: return 65;
    case NIMBER_E_SPEC: return EX_USAGE_;
    default: return EX_SOFTWARE_;
    }
}

/* Reads the options and, on rank 0 (list != NULL), the families.  Returns
 * 0, or an exit code after printing the error (rank 0 only). */
static int parse_args(int argc, char **argv, options *o, nimber_atlas *list,
                      int *help) {
    int nfam = 0;
    memset(o, 0, sizeof *o);
    if (argc < 2 || strcmp(argv[1], "atlas") != 0) {
        if (argc >= 2 &&
            (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
            *help = 1;
            return 0;
        }
        if (list)
            fputs(usage, stderr);
        return EX_USAGE_;
    }
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            *help = 1;
            return 0;
        }
        if (!strcmp(a, "--upto") || !strcmp(a, "--out") ||
            !strcmp(a, "--format") || !strcmp(a, "--max-options") ||
            !strcmp(a, "--max-seconds") || !strcmp(a, "--freq")) {
            if (i + 1 >= argc) {
                if (list)
                    fprintf(stderr, "nimber-mpi: atlas: %s needs a value\n", a);
                return EX_USAGE_;
            }
            const char *v = argv[++i];
            char *end;
            if (a[2] == 'u' || !strcmp(a, "--max-options")) {
                errno = 0;
                uint64_t x = strtoull(v, &end, 10);
                if (*v < '0' || *v > '9' || *end || x == 0 || errno) {
                    if (list)
                        fprintf(stderr,
                                "nimber-mpi: atlas: %s '%s': not a "
                                "positive integer\n",
                                a, v);
                    return EX_USAGE_;
                }
                *(a[2] == 'u' ? &o->lim.upto : &o->lim.max_options) = x;
            } else if (!strcmp(a, "--max-seconds")) {
                o->lim.max_seconds = strtod(v, &end);
                if (*v < '0' || *v > '9' || *end || !(o->lim.max_seconds > 0) ||
                    o->lim.max_seconds > 1e9) {
                    if (list)
                        fprintf(stderr,
                                "nimber-mpi: atlas: --max-seconds '%s': not a "
                                "positive number\n",
                                v);
                    return EX_USAGE_;
                }
            } else if (!strcmp(a, "--freq"))
                o->lim.freq_dir = v;
            else if (a[2] == 'o')
                o->out = v;
            else if (nimber_atlas_format_parse(v, &o->fmt)) {
                if (list)
                    fprintf(stderr,
                            "nimber-mpi: atlas: --format '%s': not jsonl, "
                            "json, md or csv\n",
                            v);
                return EX_USAGE_;
            } else
                o->has_format = 1;
        } else if (a[0] == '-' && a[1]) {
            if (list)
                fprintf(stderr, "nimber-mpi: atlas: unknown option '%s'\n", a);
            return EX_USAGE_;
        } else {
            nfam++;
            nimber_error err;
            int st = list ? nimber_atlas_add(list, a, &err) : 0;
            if (st) {
                fprintf(stderr, "nimber-mpi: %s\n", err.message);
                return exit_for(st);
            }
        }
    }
    if (nfam == 0) {
        if (list)
            fputs("nimber-mpi: atlas: no FAMILY (e.g. 'octal:0.?\?')\n",
                  stderr);
        return EX_USAGE_;
    }
    return 0;
}


/* A worker: asks for codes until told to stop. */
static void worker(const options *o) {
    char spec[NIMBER_ATLAS_GAME_MAX];
    char line[NIMBER_ATLAS_LINE_MAX + sizeof(nimber_error)];
    MPI_Send(NULL, 0, MPI_CHAR, 0, TAG_READY, MPI_COMM_WORLD);
    for (;;) {
        MPI_Status s;
        MPI_Recv(spec, sizeof spec, MPI_CHAR, 0, MPI_ANY_TAG, MPI_COMM_WORLD,
                 &s);
        if (s.MPI_TAG == TAG_STOP)
            return;
        spec[sizeof spec - 1] = 0;
        nimber_atlas_record r;
        nimber_error err;
        int st = nimber_atlas_compute(spec, &o->lim, NULL, NULL, &r, &err);
        if (st) {
            int n = snprintf(line, sizeof line, "%d atlas: %s: %s",
                             exit_for(st), spec, err.message);
            MPI_Send(line, n + 1, MPI_CHAR, 0, TAG_FAILED, MPI_COMM_WORLD);
        } else {
            size_t n = nimber_atlas_record_json(&r, line, sizeof line);
            MPI_Send(line, (int)n + 1, MPI_CHAR, 0, TAG_RESULT, MPI_COMM_WORLD);
        }
    }
}

/* Waits for the next message to rank 0 without spinning: OpenMPI's
 * blocking receive polls at full speed, and rank 0, idle while the
 * workers compute, would take a core from them (on this project's 2-core
 * machine one worker ran at half speed).  A probe every millisecond costs
 * nothing next to a code's seconds. */
static void wait_message(MPI_Status *s) {
    int flag = 0;
    for (;;) {
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, s);
        if (flag)
            return;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
}

/* MPI_Bcast of rank 0's status that sleeps while it waits: a worker
 * done with its last code waits here for the others without spinning. */
static void bcast_quietly(int *rc) {
    MPI_Request req;
    int done = 0;
    MPI_Ibcast(rc, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
    for (;;) {
        MPI_Test(&req, &done, MPI_STATUS_IGNORE);
        if (done)
            return;
        struct timespec ms = {0, 1000000};
        nanosleep(&ms, NULL);
    }
}

/* Codes left to do, with their cost, for sorting. */
typedef struct {
    size_t index; /* in the list */
    double cost;
} task;

/* Longest expected first; the list's order among equals. */
static int by_cost(const void *a, const void *b) {
    const task *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost > y->cost ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* Rank 0: hands out the codes, collects and writes the records. */
static int master(const options *o, nimber_atlas *a, int size) {
    nimber_error err;
    int rc = 0, st;
    if (o->out && (st = nimber_atlas_resume(a, o->out, &err))) {
        fprintf(stderr, "nimber-mpi: %s\n", err.message);
        rc = exit_for(st);
    }
    size_t n = nimber_atlas_codes(a);
    task *todo = malloc((n + 1) * sizeof *todo);
    size_t ntodo = 0, next = 0;
    if (!rc && !todo) {
        fputs("nimber-mpi: out of memory\n", stderr);
        rc = EX_OSERR_;
    }
    for (size_t i = 0; !rc && i < n; i++)
        if (!nimber_atlas_done(a, nimber_atlas_code(a, i), &o->lim))
            todo[ntodo++] = (task){i, nimber_atlas_cost(nimber_atlas_code(a, i))};
    if (!rc)
        qsort(todo, ntodo, sizeof *todo, by_cost);
    int active = size - 1; /* workers not yet stopped */
    char line[NIMBER_ATLAS_LINE_MAX + sizeof(nimber_error)];
    while (active > 0) {
        MPI_Status s;
        wait_message(&s);
        MPI_Recv(line, sizeof line, MPI_CHAR, s.MPI_SOURCE, s.MPI_TAG,
                 MPI_COMM_WORLD, &s);
        line[sizeof line - 1] = 0;
        if (s.MPI_TAG == TAG_RESULT) {
            nimber_atlas_record r;
            if (nimber_atlas_record_parse(line, &r)) {
                if (!rc)
                    fprintf(stderr, "nimber-mpi: a worker sent a bad record\n");
                rc = rc ? rc : EX_SOFTWARE_;
            } else if ((st = nimber_atlas_put(a, &r, &err))) {
                if (!rc)
                    fprintf(stderr, "nimber-mpi: %s\n", err.message);
                rc = rc ? rc : exit_for(st);
            }
        } else if (s.MPI_TAG == TAG_FAILED) {
            char *sp = strchr(line, ' ');
            if (!rc)
                fprintf(stderr, "nimber-mpi: %s\n", sp ? sp + 1 : line);
            rc = rc ? rc : atoi(line);
        }
        if (!rc && next < ntodo) {
            const char *spec = nimber_atlas_code(a, todo[next++].index);
            MPI_Send(spec, (int)strlen(spec) + 1, MPI_CHAR, s.MPI_SOURCE,
                     TAG_TASK, MPI_COMM_WORLD);
        } else {
            MPI_Send(NULL, 0, MPI_CHAR, s.MPI_SOURCE, TAG_STOP, MPI_COMM_WORLD);
            active--;
        }
    }
    if (size == 1) /* no workers: rank 0 computes */
        for (; !rc && next < ntodo; next++) {
            nimber_atlas_record r;
            const char *spec = nimber_atlas_code(a, todo[next].index);
            if ((st = nimber_atlas_compute(spec, &o->lim, NULL, NULL, &r,
                                           &err))) {
                fprintf(stderr, "nimber-mpi: atlas: %s: %s\n", spec,
                        err.message);
                rc = exit_for(st);
            } else if ((st = nimber_atlas_put(a, &r, &err))) {
                fprintf(stderr, "nimber-mpi: %s\n", err.message);
                rc = exit_for(st);
            }
        }
    if (!rc && (st = nimber_atlas_finish(a, &err))) {
        fprintf(stderr, "nimber-mpi: %s\n", err.message);
        rc = exit_for(st);
    }
    char *table = NULL;
    if (!rc && (!o->out || o->has_format)) {
        if ((st = nimber_atlas_table(
                 a, o->has_format ? o->fmt : NIMBER_ATLAS_JSONL, &table, &err)))
            rc = exit_for(st);
        else if (fputs(table, stdout) < 0 || fflush(stdout))
            rc = 74;
    }
    nimber_free(table);
    free(todo);
    return rc;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* A rank is a core: the library's threads (a take-and-break sequence
     * on two, libnimber's pair.c) would only crowd the other ranks. */
    if (size > 1)
        nimber_set_threads(1);
    options o;
    nimber_atlas *list = NULL;
    nimber_error err;
    int help = 0;
    int rc = rank == 0 && nimber_atlas_new(&list, &err) ? EX_OSERR_ : 0;
    /* Rank 0 reads the families (and FILEs); every rank the options. */
    if (!rc)
        rc = parse_args(argc, argv, &o, list, &help);
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (help && rank == 0)
        fputs(usage, stdout);
    if (!rc && !help)
        rc = rank == 0 ? master(&o, list, size) : (worker(&o), 0);
    nimber_atlas_free(list);
    /* Rank 0's status is the run's: every rank exits with it. */
    bcast_quietly(&rc);
    MPI_Finalize();
    return rc;
}
