#include "Arena.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Allocations are 16-byte aligned (like malloc's) and preceded by a 16-byte header holding
// their size, which realloc needs to copy. Blocks come from malloc, which aligns them to 16.
enum {
    ALIGN = 16,
    BLOCK_CAPACITY = 64 * 1024 - 32,  // usable bytes of an ordinary block; malloc's own header fits in 64 KB
    RETAINED_BLOCKS = 64,             // ordinary blocks a reset keeps: 4 MB per thread
};

typedef struct block {
    struct block *next;
    size_t capacity;  // bytes after this header; more than BLOCK_CAPACITY for a single large allocation
} block;

_Static_assert(sizeof(block) % ALIGN == 0, "a block's header keeps its data aligned");

typedef struct {
    block *used;      // blocks holding the current document, the one being filled first
    block *spare;     // ordinary blocks kept by the last reset
    int spares;
    char *cursor;     // free room in `used`: [cursor, limit)
    char *limit;
    char *last;       // the newest allocation, which realloc can grow where it is
    bool registered;  // whether the thread-exit destructor knows this arena
    size_t budget;    // bytes sitegen_arena_malloc may still hand out, when `limited`
    bool limited;     // whether a budget was set since the last reset
    bool refused;     // whether sitegen_arena_malloc refused an allocation since the last reset
} arena;

static _Thread_local arena current;
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;

static _Noreturn void out_of_memory(size_t size) {
    fprintf(stderr, "[sitegen] cannot allocate %zu bytes for markdown or JSON, aborting\n", size);
    abort();
}

static void free_blocks(block *b) {
    while (b) {
        block *next = b->next;
        free(b);
        b = next;
    }
}

// Build threads come and go (one set per parallel stage), so each frees its blocks on exit.
static void release_at_exit(void *value) {
    arena *a = value;
    free_blocks(a->used);
    free_blocks(a->spare);
    *a = (arena){0};
}

static void make_exit_key(void) {
    if (pthread_key_create(&exit_key, release_at_exit) != 0) abort();
}

static char *data(block *b) { return (char *)(b + 1); }

static size_t round_up(size_t size) { return (size + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

/// Makes a block with room for `need` bytes the one being filled. The rest of the previous
/// block is given up: at most a block per large allocation, which are few (growing buffers).
static void start_block(arena *a, size_t need) {
    block *b;
    if (need <= BLOCK_CAPACITY && a->spare) {
        b = a->spare;
        a->spare = b->next;
        a->spares--;
    } else {
        size_t capacity = need > BLOCK_CAPACITY ? need : BLOCK_CAPACITY;
        b = malloc(sizeof(block) + capacity);
        if (!b) out_of_memory(capacity);
        b->capacity = capacity;
        if (!a->registered) {
            pthread_once(&exit_key_once, make_exit_key);
            pthread_setspecific(exit_key, a);
            a->registered = true;
        }
    }
    b->next = a->used;
    a->used = b;
    a->cursor = data(b);
    a->limit = data(b) + b->capacity;
}

static void *allocate(size_t size) {
    arena *a = &current;
    if (size > SIZE_MAX - 2 * ALIGN - sizeof(block)) out_of_memory(size);
    size_t need = ALIGN + round_up(size);
    if (need > (size_t)(a->limit - a->cursor)) start_block(a, need);
    char *p = a->cursor + ALIGN;
    ((size_t *)p)[-1] = size;
    a->cursor += need;
    a->last = p;
    return p;
}

static void *arena_calloc(size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) out_of_memory(SIZE_MAX);
    void *p = allocate(count * size);
    return memset(p, 0, count * size);
}

// cmark grows its buffers by half each time, the HTML output buffer up to the size of the whole
// page. Usually the buffer is the newest allocation and grows where it is; one too big for an
// ordinary block gets a block of its own, which libc's realloc can move without copying.
static void *arena_realloc(void *ptr, size_t size) {
    if (!ptr) return allocate(size);
    arena *a = &current;
    char *p = ptr;
    size_t old = ((size_t *)p)[-1];
    if (p == a->last) {
        if (size <= (size_t)(a->limit - p)) {
            ((size_t *)p)[-1] = size;
            a->cursor = p + round_up(size);
            return p;
        }
        block *b = a->used;
        if (p == data(b) + ALIGN && b->capacity > BLOCK_CAPACITY) {
            if (size > SIZE_MAX - 2 * ALIGN - sizeof(block)) out_of_memory(size);
            size_t capacity = ALIGN + round_up(size);
            b = realloc(b, sizeof(block) + capacity);
            if (!b) out_of_memory(capacity);
            b->capacity = capacity;
            a->used = b;
            a->cursor = a->limit = data(b) + capacity;
            a->last = data(b) + ALIGN;
            ((size_t *)a->last)[-1] = size;
            return a->last;
        }
    }
    if (size <= old) return p;
    void *moved = allocate(size);
    return memcpy(moved, p, old);
}

// Memory goes at the reset. Taking back the newest allocation here would be possible but
// pointless: cmark frees in another order than it allocates (none of 3.9 million frees for a
// 50 MB document was of the newest allocation).
static void arena_free(void *ptr) { (void)ptr; }

static cmark_mem arena_mem = {arena_calloc, arena_realloc, arena_free};

cmark_mem *sitegen_arena_mem(void) { return &arena_mem; }

void *sitegen_arena_malloc(size_t size) {
    arena *a = &current;
    if (a->limited) {
        size_t need = size > SIZE_MAX - 2 * ALIGN ? SIZE_MAX : ALIGN + round_up(size);
        if (need > a->budget) {
            a->refused = true;
            return NULL;
        }
        a->budget -= need;
    }
    return allocate(size);
}

void sitegen_arena_limit(size_t bytes) {
    arena *a = &current;
    a->budget = bytes;
    a->limited = true;
}

bool sitegen_arena_refused(void) { return current.refused; }

void sitegen_arena_free(void *ptr) { arena_free(ptr); }

void sitegen_arena_reset(void) {
    arena *a = &current;
    block *b = a->used;
    while (b) {
        block *next = b->next;
        if (b->capacity == BLOCK_CAPACITY && a->spares < RETAINED_BLOCKS) {
            b->next = a->spare;
            a->spare = b;
            a->spares++;
        } else {
            free(b);
        }
        b = next;
    }
    a->used = NULL;
    a->cursor = a->limit = a->last = NULL;
    a->budget = 0;
    a->limited = a->refused = false;
}
