#ifndef CLISTOR_MEMORY_H
#define CLISTOR_MEMORY_H

/// Hands the heap's free pages back to the system (glibc's malloc_trim), so that a process that
/// has just loaded a large catalog holds what it keeps rather than what loading it took.
/// Returns 1 if memory was released, 0 if not (or where the C library has no such call).
int listor_return_free_memory(void);

#endif
