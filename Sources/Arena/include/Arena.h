#ifndef SITEGEN_ARENA_H
#define SITEGEN_ARENA_H

#include <stdbool.h>
#include <stddef.h>
#include <cmark.h>

/// An allocator for libcmark and cJSON that bumps a pointer through blocks owned by the calling
/// thread. Both allocate every node and string on its own and free them one by one, though a
/// document's nodes all die together; with the arena a whole document is let go at once by
/// `sitegen_arena_reset`.
///
/// Neither library's allocator hooks take a context pointer, so the state is thread-local:
/// every thread has its own arena and needs no lock. Memory from it belongs to the thread that
/// allocated it, is never passed to libc's free, and is valid until that thread's next reset.
/// One document at a time per thread: a reset in the middle of a nested use would pull the
/// outer one's memory away.

/// For libcmark (`cmark_parser_new_with_mem`).
cmark_mem *sitegen_arena_mem(void);

/// For cJSON (`cJSON_InitHooks`): malloc from the arena, and a free that leaves it to the reset.
void *sitegen_arena_malloc(size_t size);
void sitegen_arena_free(void *ptr);

/// Until the next reset, `sitegen_arena_malloc` hands out at most `bytes` (headers included)
/// and returns NULL past them, which cJSON treats as a failed parse: a document that needs
/// more memory than its size justifies is refused before it takes the machine's.
void sitegen_arena_limit(size_t bytes);

/// Whether `sitegen_arena_malloc` returned NULL for the limit since the last reset.
bool sitegen_arena_refused(void);

/// Lets go of everything this thread allocated from the arena, and of its limit. A few MB of
/// blocks are kept for the next document, so converting small documents one after another
/// never calls malloc.
void sitegen_arena_reset(void);

#endif
