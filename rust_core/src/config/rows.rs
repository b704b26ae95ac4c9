//! The five rows of keys a profile's letters and every page of a layer are written as: the
//! digits, three letter rows, and a last row of function keys (`{shift}`, `{mode}`, …).

use super::validate::{At, DataError};
use crate::json::{quoted, Value};
use crate::limits;

/// Function keys a layout row may name, written `{name}` in the data.
pub const FUNCTION_KEYS: &[&str] =
    &["{shift}", "{dakuten}", "{space}", "{profile}", "{backspace}", "{enter}", "{globe}", "{mode}"];

/// The number of keyboard rows: digits, three letter rows, function keys.
pub const ROW_COUNT: usize = 5;

/// Reads the rows at `at`: [`ROW_COUNT`] rows of short key labels, function keys only and all
/// of them in the last.
pub(crate) fn parse_rows(at: &At<'_>) -> Result<Vec<Vec<String>>, DataError> {
    if matches!(at.value, Value::Array(_)) && at.len() != ROW_COUNT {
        return Err(at.error(format!(
            "expected {ROW_COUNT} rows (digits, three letter rows, function keys), found {}",
            at.len()
        )));
    }
    let rows = at.array(ROW_COUNT, "rows")?;
    let mut out = Vec::with_capacity(ROW_COUNT);
    for (index, row) in rows.iter().enumerate() {
        if matches!(row.value, Value::Array(_)) && (row.len() == 0 || row.len() > limits::MAX_KEYS_PER_ROW) {
            return Err(row.error(format!("a row holds 1–{} keys, found {}", limits::MAX_KEYS_PER_ROW, row.len())));
        }
        let keys = row.array(limits::MAX_KEYS_PER_ROW, "keys")?;
        let mut labels = Vec::with_capacity(keys.len());
        for key in keys {
            let label = key.non_empty_string()?;
            // `{name}`; a lone brace (`{`, `}`) is a character key of the symbols layer.
            let is_function = label.chars().count() > 2 && label.starts_with('{') && label.ends_with('}');
            if is_function && !FUNCTION_KEYS.contains(&label) {
                return Err(key.error(format!("unknown function key {} (known: {})", quoted(label), FUNCTION_KEYS.join(", "))));
            }
            if index == ROW_COUNT - 1 && !is_function {
                return Err(key.error(format!("the last row holds function keys only, found {}", quoted(label))));
            }
            if index < ROW_COUNT - 1 && (is_function || label.chars().count() > 4) {
                return Err(key.error(format!("a character row holds short key labels, found {}", quoted(label))));
            }
            labels.push(label.to_string());
        }
        out.push(labels);
    }
    Ok(out)
}
