//! The C ABI. Every export runs inside [`guard`], which catches panics so none
//! unwinds into the host app; argument parsing happens inside the guard too.
//!
//! The running engine lives behind an `RwLock<Option<Arc<Engine>>>`: a key takes a
//! read lock only long enough to clone the `Arc`, and a reload builds the new engine
//! outside the lock and swaps it in, so a failed reload never disturbs the old one.
//! A poisoned lock is recovered: the protected value is only ever replaced whole,
//! so it is consistent even if a panic happened while the lock was held.

use crate::engine::{Engine, KeyResult};
use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::cell::RefCell;
use std::sync::{Arc, RwLock};

/// Version of this C ABI; bumped on any incompatible change to `include/cyrillic_ime_core.h`.
pub const ABI_VERSION: u32 = 1;

static ENGINE: RwLock<Option<Arc<Engine>>> = RwLock::new(None);
thread_local! {
    /// Why the last `rust_init_engine` on this thread failed: per thread, so concurrent
    /// reloads on other threads cannot replace the message a caller is about to read.
    static LAST_INIT_ERROR: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `body`, turning a panic into `on_panic`. The one guard every export uses.
pub(crate) fn guard<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or(on_panic)
}

fn current_engine() -> Option<Arc<Engine>> {
    ENGINE.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
}

/// Records the calling thread's init result. During thread teardown the slot may already
/// be gone; the message is then dropped rather than panicking, because an engine that was
/// just swapped in must still be reported as a success.
fn set_last_init_error(message: String) {
    let _ = LAST_INIT_ERROR.try_with(|slot| *slot.borrow_mut() = message);
}

/// Why an argument could not be read.
pub(crate) enum ArgError {
    Null(&'static str),
    InvalidUtf8(&'static str, String),
}

impl ArgError {
    /// The message an error result gives for this argument: `key is NULL`, `path is not valid UTF-8`.
    pub(crate) fn message(&self) -> String {
        match self {
            ArgError::Null(name) => format!("{name} is NULL"),
            ArgError::InvalidUtf8(name, _) => format!("{name} is not valid UTF-8"),
        }
    }

    /// What can still be read of the argument, to give back in an error result: the lossy
    /// decoding of invalid UTF-8, nothing for NULL.
    pub(crate) fn readable(&self) -> String {
        match self {
            ArgError::InvalidUtf8(_, lossy) => lossy.clone(),
            ArgError::Null(_) => String::new(),
        }
    }
}

/// Reads a C string argument. Invalid UTF-8 is reported together with a lossy
/// copy, so the error result can still give back what the user typed.
pub(crate) unsafe fn read_arg<'a>(ptr: *const c_char, name: &'static str) -> Result<&'a str, ArgError> {
    if ptr.is_null() {
        return Err(ArgError::Null(name));
    }
    let bytes = CStr::from_ptr(ptr).to_bytes();
    std::str::from_utf8(bytes).map_err(|_| ArgError::InvalidUtf8(name, String::from_utf8_lossy(bytes).into_owned()))
}

/// Copies a Rust string into a C string the caller frees with `rust_free_string`.
/// Interior NULs cannot occur in results (they are escaped in JSON), but are
/// replaced rather than trusted.
pub(crate) fn into_c_string(text: String) -> *mut c_char {
    match CString::new(text) {
        Ok(c) => c.into_raw(),
        Err(e) => {
            let cleaned: Vec<u8> = e.into_vec().into_iter().filter(|&b| b != 0).collect();
            CString::new(cleaned).map(CString::into_raw).unwrap_or(std::ptr::null_mut())
        }
    }
}

/// Parses and validates both documents and swaps in the new engine.
/// On failure the running engine stays and the reason is kept for `rust_last_init_error`.
///
/// # Safety
/// Both pointers must be NULL or point to NUL-terminated strings.
#[no_mangle]
pub unsafe extern "C" fn rust_init_engine(profiles_json: *const c_char, kana_engine_json: *const c_char) -> bool {
    guard(false, || {
        let documents = read_arg(profiles_json, "profiles_json").and_then(|p| Ok((p, read_arg(kana_engine_json, "kana_engine_json")?)));
        let result = match documents {
            Err(error) => Err(error.message()),
            Ok((profiles, kana)) => Engine::from_documents(profiles, kana).map_err(|e| e.to_string()),
        };
        match result {
            Ok(engine) => {
                *ENGINE.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Arc::new(engine));
                set_last_init_error(String::new());
                true
            }
            Err(message) => {
                set_last_init_error(message);
                false
            }
        }
    })
}

/// Handles one key. Returns an owned JSON object, or NULL only if a panic was caught.
///
/// # Safety
/// Each pointer must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_process_key(key: *const c_char, buffer: *const c_char, profile_id: *const c_char) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let args = (read_arg(key, "key"), read_arg(buffer, "buffer"), read_arg(profile_id, "profile_id"));
        let result = match args {
            (Ok(key), Ok(buffer), Ok(profile_id)) => match current_engine() {
                Some(engine) => engine.process_key(key, buffer, profile_id),
                None => KeyResult::failure(buffer, key, "engine not initialised: call rust_init_engine first"),
            },
            (key, buffer, profile_id) => {
                // Report the first bad argument; still give back whatever text is readable.
                let readable = |arg: &Result<&str, ArgError>| match arg {
                    Ok(text) => text.to_string(),
                    Err(error) => error.readable(),
                };
                let message = [&key, &buffer, &profile_id]
                    .iter()
                    .find_map(|arg| arg.as_ref().err().map(ArgError::message))
                    .unwrap_or_default();
                KeyResult::failure(&readable(&buffer), &readable(&key), message)
            }
        };
        into_c_string(result.to_json())
    })
}

/// Frees a string returned by this library. NULL is a no-op.
///
/// # Safety
/// `ptr` must be NULL or a pointer returned by this library and not yet freed.
#[no_mangle]
pub unsafe extern "C" fn rust_free_string(ptr: *mut c_char) {
    guard((), || {
        if !ptr.is_null() {
            drop(CString::from_raw(ptr));
        }
    })
}

/// Why the last `rust_init_engine` call on this thread failed, as an owned string; empty
/// if it succeeded or none was made. NULL only if a panic was caught.
#[no_mangle]
pub extern "C" fn rust_last_init_error() -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        into_c_string(LAST_INIT_ERROR.try_with(|slot| slot.borrow().clone()).unwrap_or_default())
    })
}

/// The dakuten key: the next form of one kana in its cycle (は → ば → ぱ → は), as an owned
/// JSON object `{"output": "ば", "action": "replace"}` (delete the character before the
/// cursor, insert `output`) or `{"output": "", "action": "none"}` when it has no other form.
/// NULL or invalid UTF-8 gives `{"output": "", "action": "error", "error": …}`.
/// NULL only if a panic was caught.
///
/// # Safety
/// `character` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_cycle_dakuten(character: *const c_char) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let json = match (read_arg(character, "character"), current_engine()) {
            (Err(error), _) => error_json(&error.message()),
            (Ok(_), None) => error_json("engine not initialised: call rust_init_engine first"),
            (Ok(text), Some(engine)) => match engine.cycle_dakuten(text) {
                Some(next) => {
                    let mut out = String::from("{\"output\":");
                    crate::json::write_string(&mut out, &next.to_string());
                    out.push_str(",\"action\":\"replace\"}");
                    out
                }
                None => "{\"output\":\"\",\"action\":\"none\"}".to_string(),
            },
        };
        into_c_string(json)
    })
}

fn error_json(message: &str) -> String {
    let mut out = String::from("{\"output\":\"\",\"action\":\"error\",\"error\":");
    crate::json::write_string(&mut out, message);
    out.push('}');
    out
}

/// The profiles of the running engine (ids, names, keyboard rows) as an owned JSON
/// object, or a JSON `{"error": …}` object when no engine is initialised. NULL only on a caught panic.
#[no_mangle]
pub extern "C" fn rust_profiles_json() -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let json = match current_engine() {
            Some(engine) => engine.describe_profiles_json(),
            None => "{\"error\":\"engine not initialised: call rust_init_engine first\"}".to_string(),
        };
        into_c_string(json)
    })
}

/// The version of this C ABI.
#[no_mangle]
pub extern "C" fn rust_abi_version() -> u32 {
    guard(0, || ABI_VERSION)
}

/// The core's package version (`version` in rust_core/Cargo.toml, the one place it is
/// written), e.g. "0.1.0", as an owned string; NULL only if a panic was caught.
#[no_mangle]
pub extern "C" fn rust_core_version() -> *mut c_char {
    guard(std::ptr::null_mut(), || into_c_string(env!("CARGO_PKG_VERSION").to_string()))
}

/// Test-only: panics on purpose inside the guard, optionally while holding the engine
/// lock so that it is poisoned. Always returns NULL. Built only with `--features test-exports`.
#[cfg(feature = "test-exports")]
#[no_mangle]
pub extern "C" fn rust_test_panic(while_holding_engine_lock: bool) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        if while_holding_engine_lock {
            let _held = ENGINE.write();
            panic!("rust_test_panic: deliberate panic while holding the engine lock");
        }
        panic!("rust_test_panic: deliberate panic");
    })
}
