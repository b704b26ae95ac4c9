//! What the C ABI keeps between calls and both areas' exports read: the loaded converter
//! (swapped in by `rust_load_dictionary`, read by learning for the word before a commit) and
//! the user store's data (published by the user store's exports after every change, read by
//! every conversion). Each is an `Arc` behind a lock held only for the instant of a clone or a
//! swap, so no call waits for another's work.
//!
//! Only the exports (`conversion_ffi`, `user_ffi`) touch these; `conversion` and `user` are
//! handed what a call needs.

use crate::conversion::Converter;
use crate::user::UserData;
use std::sync::{Arc, RwLock};

static CONVERTER: RwLock<Option<Arc<Converter>>> = RwLock::new(None);
static USER_DATA: RwLock<Option<Arc<UserData>>> = RwLock::new(None);

/// The loaded converter, or none before a dictionary was loaded.
pub fn current_converter() -> Option<Arc<Converter>> {
    CONVERTER.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
}

/// Swaps in the converter of a newly loaded dictionary; calls in flight keep the old one.
pub fn publish_converter(converter: Arc<Converter>) {
    *CONVERTER.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(converter);
}

/// What conversions consult: the open store's data, or none.
pub fn current_user_data() -> Option<Arc<UserData>> {
    USER_DATA.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
}

/// Swaps in the user store's data as a change left it (none when the store closes).
pub fn publish_user_data(data: Option<Arc<UserData>>) {
    *USER_DATA.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = data;
}
