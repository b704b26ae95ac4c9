//! The conversion part of the C ABI: loading a dictionary, converting, resizing a
//! segment, listing a segment's candidates, predicting. Same rules as `ffi.rs`: every
//! export runs inside the one panic guard, returns an owned JSON string (NULL only if a
//! panic was caught), and a failed load leaves the running converter in place.

use crate::conversion::{api, numbers, Converter};
use crate::dictionary::Dictionary;
use crate::ffi::{guard, into_c_string, read_arg};
use crate::ffi_state::{current_converter, current_user_data, publish_converter};
use crate::limits;
use crate::user::UserData;
use std::ffi::c_char;
use std::sync::Arc;

const NO_DICTIONARY: &str = "no dictionary loaded: call rust_load_dictionary first";

/// Opens, validates and swaps in the dictionary at `path`. Returns the new dictionary's
/// description (as `rust_dictionary_info`) or `{"error": …}` naming the file and the
/// problem, in which case the dictionary that was loaded stays loaded.
///
/// # Safety
/// `path` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_load_dictionary(path: *const c_char) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let result = read_arg(path, "path").map_err(|e| e.message()).and_then(|path| {
            if path.len() > limits::MAX_PATH_BYTES {
                return Err(format!("path is {} bytes, over the limit of {}", path.len(), limits::MAX_PATH_BYTES));
            }
            Dictionary::open(std::path::Path::new(path)).map_err(|e| e.to_string())
        });
        let json = match result {
            Ok(dictionary) => {
                let numbers = numbers::costs_for_switch(std::env::var(numbers::SWITCH_VARIABLE).ok().as_deref());
                let converter = Arc::new(Converter::new(dictionary).with_number_costs(numbers));
                crate::conversion::foreign::prepare();
                let info = api::dictionary_info_json(&converter);
                publish_converter(converter);
                info
            }
            Err(message) => api::error_json(&message, ""),
        };
        into_c_string(json)
    })
}

/// The loaded dictionary's description, or `{"loaded": false}`.
#[no_mangle]
pub extern "C" fn rust_dictionary_info() -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        into_c_string(match current_converter() {
            Some(converter) => api::dictionary_info_json(&converter),
            None => "{\"loaded\":false}".to_string(),
        })
    })
}

/// Runs one JSON request against the loaded converter.
/// The user store's data is taken once, before the request runs (a snapshot: learning
/// while it runs does not change this conversion).
unsafe fn with_request(request: *const c_char, handle: fn(&Converter, Option<&UserData>, &str) -> String) -> *mut c_char {
    guard(std::ptr::null_mut(), || {
        let json = match read_arg(request, "request") {
            Err(error) => api::error_json(&error.message(), &error.readable()),
            Ok(text) => match current_converter() {
                Some(converter) => handle(&converter, current_user_data().as_deref(), text),
                None => api::error_json(NO_DICTIONARY, &api::reading_of(text)),
            },
        };
        into_c_string(json)
    })
}

/// Converts a reading (the request's fields: docs/FFI.md, "Request fields").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_convert(request: *const c_char) -> *mut c_char {
    with_request(request, api::convert)
}

/// Resizes a segment and converts again (the request's fields: docs/FFI.md, "Request fields").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_resize_segment(request: *const c_char) -> *mut c_char {
    with_request(request, api::resize)
}

/// The candidates of one segment (the request's fields: docs/FFI.md, "Request fields").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_segment_candidates(request: *const c_char) -> *mut c_char {
    with_request(request, api::segment_candidates)
}

/// Predictions for what is being composed, or the next words after a context (the request's
/// fields: docs/FFI.md, "Request fields").
///
/// # Safety
/// `request` must be NULL or point to a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn rust_predict(request: *const c_char) -> *mut c_char {
    with_request(request, api::prediction)
}
