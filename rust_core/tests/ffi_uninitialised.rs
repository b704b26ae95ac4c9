//! Before `rust_init_engine` succeeds, every call still answers (its own process:
//! the engine is global, and other test binaries initialise it).

use cyrillic_ime_core::ffi::*;
use std::ffi::{CStr, CString};

fn take(ptr: *mut std::ffi::c_char) -> String {
    assert!(!ptr.is_null());
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().unwrap().to_string();
    unsafe { rust_free_string(ptr) };
    text
}

#[test]
fn calls_before_initialisation_are_errors_that_keep_the_typed_text() {
    let (key, buffer, profile) = (CString::new("а").unwrap(), CString::new("к").unwrap(), CString::new("rus_standard").unwrap());
    let result = take(unsafe { rust_process_key(key.as_ptr(), buffer.as_ptr(), profile.as_ptr()) });
    assert_eq!(
        result,
        r#"{"output":"ка","buffer":"","action":"error","error":"engine not initialised: call rust_init_engine first"}"#
    );
    assert!(take(rust_profiles_json()).contains("engine not initialised"));
    assert_eq!(take(rust_last_init_error()), "");
    // A failed first init leaves it uninitialised, with the reason.
    let (bad, kana) = (CString::new("[]").unwrap(), CString::new("{}").unwrap());
    assert!(!unsafe { rust_init_engine(bad.as_ptr(), kana.as_ptr()) });
    assert!(take(rust_last_init_error()).starts_with("japaneseKanaEngine.json: $: missing required field"));
    let result = take(unsafe { rust_process_key(key.as_ptr(), buffer.as_ptr(), profile.as_ptr()) });
    assert!(result.contains("engine not initialised"));
}
