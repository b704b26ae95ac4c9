/*
 * cyrillic_ime_core_testing.h — exports that exist only in test builds of the Rust
 * core (`cargo build --features test-exports`). Never link them into an app.
 */
#ifndef CYRILLIC_IME_CORE_TESTING_H
#define CYRILLIC_IME_CORE_TESTING_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Panics on purpose inside the export guard, optionally while holding the engine
 * lock so that the lock is poisoned. Always returns NULL; the library keeps working.
 */
char *rust_test_panic(bool while_holding_engine_lock);

#ifdef __cplusplus
}
#endif

#endif /* CYRILLIC_IME_CORE_TESTING_H */
