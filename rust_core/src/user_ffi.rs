//! The user store's part of the C ABI (docs/FFI.md, "Learning and the user dictionary"):
//! opening a store, learning a commit, the user dictionary, forgetting. Same rules as
//! `ffi.rs`: every export runs inside the one panic guard and returns an owned JSON string
//! (NULL only if a panic was caught).
//!
//! Two locks: `STORE` serialises the writers (learn, words, forget, open) including their
//! saves; conversions only read the data published after every change (`ffi_state`), an
//! `Arc` held for the instant of a clone — a conversion never waits for a save.

use crate::conversion::context::word_before;
use crate::conversion::Converter;
use crate::ffi::{guard, into_c_string, read_arg};
use crate::ffi_state::{current_converter, publish_user_data};
use crate::request::ContextRequest;
use crate::user::api;
use crate::user::store::UserStore;
use std::ffi::c_char;
use std::sync::Mutex;

static STORE: Mutex<Option<UserStore>> = Mutex::new(None);

const NO_STORE: &str = "no user store open: call rust_open_user_store first";

/// Opens the user store in `directory` (created if needed), replacing the one open before.
/// Returns `{"opened": true, "directory", "persistent", "learned", "words", "warnings"}` or
/// `{"error"}` (then the store open before stays open).
///
/// # Safety
/// `directory` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_open_user_store(directory: *const c_char) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let json = match read_arg(directory, "directory").map_err(|e| e.message()).and_then(UserStore::open) {
            Ok((store, warnings)) => {
                let json = api::opened_json(&store, &warnings);
                let mut slot = STORE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                publish_user_data(Some(store.data()));
                *slot = Some(store);
                json
            }
            Err(message) => api::error_json(&format!("user store: {message}")),
        };
        into_c_string(json)
    })
}

/// Closes the user store (everything was saved already); conversions stop consulting it.
/// Returns `{"closed": true}`, or `{"closed": false}` when none was open.
#[no_mangle]
pub extern "C" fn rust_close_user_store() -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let mut slot = STORE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let was_open = slot.take().is_some();
        publish_user_data(None);
        into_c_string(format!("{{\"closed\":{was_open}}}"))
    })
}

/// Runs one JSON request against the open store and publishes the data it leaves.
unsafe fn with_store(request: *const c_char, handle: impl FnOnce(&mut UserStore, &str) -> String) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let json = match read_arg(request, "request") {
            Err(e) => api::error_json(&e.message()),
            Ok(text) => {
                let mut slot = STORE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                match slot.as_mut() {
                    Some(store) => {
                        let json = handle(store, text);
                        publish_user_data(Some(store.data()));
                        json
                    }
                    None => api::error_json(NO_STORE),
                }
            }
        };
        into_c_string(json)
    })
}

/// Learns a committed conversion (the request: docs/FFI.md, "Learning and the user dictionary").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_learn(request: *const c_char) -> *mut c_char {
    with_store(request, |store, text| api::learn(store, text, word_before_in_loaded_dictionary))
}

/// The word a commit's context names, as conversion reads it: the text before the cursor is
/// looked up in the loaded dictionary (learning is the user store's, the dictionary
/// conversion's, so the two meet here).
fn word_before_in_loaded_dictionary(context: &ContextRequest) -> Option<String> {
    let converter = current_converter();
    word_before(converter.as_deref().map(Converter::dictionary), context)
}

/// The user dictionary: add, remove or list words (the request: docs/FFI.md, "Learning and the
/// user dictionary").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_user_words(request: *const c_char) -> *mut c_char {
    with_store(request, api::user_words)
}

/// Forgets learned choices, all or those of a reading (the request: docs/FFI.md, "Learning and
/// the user dictionary").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_forget(request: *const c_char) -> *mut c_char {
    with_store(request, api::forget)
}

/// The open store's description (as `rust_open_user_store` answers, without warnings), or
/// `{"opened": false}`: lets the host show what the store holds after changes.
#[no_mangle]
pub extern "C" fn rust_user_store_info() -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let slot = STORE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        into_c_string(slot.as_ref().map_or_else(|| "{\"opened\":false}".to_string(), |store| api::opened_json(store, &[])))
    })
}
