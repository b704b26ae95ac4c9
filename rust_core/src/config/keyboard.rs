//! The keyboard data of `profiles.json` beyond the letter rows: the other layers (the
//! symbols layer behind the `{mode}` key and its pages), what a key sends to the composer
//! when that differs from its label (the ー key sends the profile's long-vowel mark), and
//! the keys' VoiceOver names in the profile's language and in Japanese.
//!
//! A top-level `keyboard` object holds what all profiles share; a profile's own
//! `keyboard` object overrides it: `lettersLabel` replaces the shared one, a layer
//! replaces the shared layer with its id (or adds one), key inputs and key names replace
//! the shared entry for the same label. docs/KEYBOARD.md ("Layers") describes the format.

use super::rows::{parse_rows, FUNCTION_KEYS, ROW_COUNT};
use super::validate::{check_identifier, is_input_char, At, DataError};
use crate::json::{quoted, write_array, write_string, write_string_array, write_string_object, write_string_rows, PathPart};
use crate::limits;

/// The id by which the letter rows (a profile's `rows`) are known among the layers.
pub const LETTERS_LAYER: &str = "letters";

/// One page of a layer: five rows, like the letter rows, and the label the key that
/// leads to it shows (`123`, `#+=`).
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub label: String,
    pub rows: Vec<Vec<String>>,
}

/// A layer other than the letters, such as `symbols`: its pages (the layer's `{shift}`
/// turns them) and the keys after which the keyboard goes back to the letters.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    pub id: String,
    pub pages: Vec<Page>,
    pub return_to_letters_after: Vec<String>,
}

impl Layer {
    fn has_key(&self, label: &str) -> bool {
        self.pages.iter().any(|page| page.rows.iter().flatten().any(|key| key == label))
    }
}

/// A `keyboard` object as written (shared or one profile's), with where each entry came
/// from so that errors found later, per profile, can still point at it.
#[derive(Debug, Clone, Default)]
pub struct KeyboardData {
    letters_label: Option<(String, String)>,
    layers: Vec<(Layer, String)>,
    /// (label, input, origin)
    key_inputs: Vec<(String, String, String)>,
    /// (language, label, name, origin)
    key_names: Vec<(String, String, String, String)>,
}

fn origin(at: &At<'_>) -> String {
    format!("{} {}", at.file, crate::json::format_path(at.path.iter().copied()))
}

fn short_label(at: &At<'_>, what: &str) -> Result<String, DataError> {
    let label = at.non_empty_string()?;
    let count = label.chars().count();
    if count > limits::MAX_LAYER_LABEL_CHARS {
        return Err(at.error(format!("{what} {} is {count} characters, over the limit of {}", quoted(label), limits::MAX_LAYER_LABEL_CHARS)));
    }
    Ok(label.to_string())
}

impl KeyboardData {
    pub(crate) fn parse(at: &At<'_>) -> Result<KeyboardData, DataError> {
        let fields = at.fields(&[], &["description", "lettersLabel", "layers", "keyInputs", "keyNames"])?;
        if let Some(description) = fields.get("description") {
            description.string()?;
        }
        let mut data = KeyboardData::default();
        if let Some(label) = fields.get("lettersLabel") {
            data.letters_label = Some((short_label(label, "lettersLabel")?, origin(label)));
        }
        if let Some(layers) = fields.get("layers") {
            for layer_at in layers.array(limits::MAX_LAYERS, "layers")? {
                let layer = parse_layer(&layer_at)?;
                if let Some((_, first)) = data.layers.iter().find(|(l, _)| l.id == layer.id) {
                    return Err(layer_at.error(format!("layer {} is defined twice (first at {first})", quoted(&layer.id))));
                }
                data.layers.push((layer, origin(&layer_at)));
            }
        }
        if let Some(inputs) = fields.get("keyInputs") {
            for (label, input_at) in inputs.members(limits::MAX_KEYS_PER_LAYER, "key inputs")? {
                let input = input_at.non_empty_string()?;
                if let Some(c) = input.chars().find(|c| !is_input_char(*c)) {
                    return Err(input_at.error(format!("key input contains {} which cannot be typed into a rule", quoted(&c.to_string()))));
                }
                data.key_inputs.push((label.to_string(), input.to_string(), origin(&input_at)));
            }
        }
        if let Some(names) = fields.get("keyNames") {
            for (language, table) in names.members(limits::MAX_KEY_NAME_LANGUAGES, "languages")? {
                if language.is_empty() {
                    return Err(table.error("a language tag must not be empty"));
                }
                for (label, name_at) in table.members(limits::MAX_KEYS_PER_LAYER, "key names")? {
                    let name = name_at.non_empty_string()?;
                    let count = name.chars().count();
                    if count > limits::MAX_KEY_NAME_CHARS {
                        return Err(name_at.error(format!("key name is {count} characters, over the limit of {}", limits::MAX_KEY_NAME_CHARS)));
                    }
                    data.key_names.push((language.to_string(), label.to_string(), name.to_string(), origin(&name_at)));
                }
            }
        }
        Ok(data)
    }
}

fn parse_layer(at: &At<'_>) -> Result<Layer, DataError> {
    let fields = at.fields(&["id", "pages"], &["returnToLettersAfter"])?;
    let id_at = &fields["id"];
    let id = id_at.string()?;
    check_identifier(id_at, id, "layer id")?;
    if id == LETTERS_LAYER {
        return Err(id_at.error(format!("layer id {} is taken by the profile's own rows", quoted(LETTERS_LAYER))));
    }
    let pages_at = &fields["pages"];
    let page_list = pages_at.array(limits::MAX_PAGES_PER_LAYER, "pages")?;
    if page_list.is_empty() {
        return Err(pages_at.error("a layer needs at least one page"));
    }
    let mut pages = Vec::with_capacity(page_list.len());
    for page_at in &page_list {
        let page_fields = page_at.fields(&["label", "rows"], &[])?;
        let label = short_label(&page_fields["label"], "page label")?;
        let rows_at = &page_fields["rows"];
        let rows = parse_rows(rows_at)?;
        let function_row = rows.last().map(Vec::as_slice).unwrap_or(&[]);
        let last_row_at = rows_at.child(PathPart::Index(ROW_COUNT - 1), rows_at.value);
        if !function_row.iter().any(|k| k == "{mode}") {
            return Err(last_row_at.error(format!("layer {}: the function row needs a {{mode}} key to leave the layer", quoted(id))));
        }
        if page_list.len() > 1 && !function_row.iter().any(|k| k == "{shift}") {
            return Err(last_row_at.error(format!(
                "layer {} has {} pages: the function row needs a {{shift}} key to turn them",
                quoted(id),
                page_list.len()
            )));
        }
        pages.push(Page { label, rows });
    }
    let mut layer = Layer { id: id.to_string(), pages, return_to_letters_after: Vec::new() };
    if let Some(after) = fields.get("returnToLettersAfter") {
        for key_at in after.array(limits::MAX_KEYS_PER_LAYER, "keys")? {
            let key = key_at.non_empty_string()?;
            if !FUNCTION_KEYS.contains(&key) && !layer.has_key(key) {
                return Err(key_at.error(format!("{} is neither a function key nor a key of layer {}", quoted(key), quoted(id))));
            }
            layer.return_to_letters_after.push(key.to_string());
        }
    }
    Ok(layer)
}

/// A profile's keyboard beyond its letter rows, with the shared data applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileKeyboard {
    /// What a `{mode}` key leading back to the letters shows (`あ`).
    pub letters_label: String,
    pub layers: Vec<Layer>,
    /// Key label → what the key sends to the composer (`ー` → `:`), in label order.
    pub key_inputs: Vec<(String, String)>,
    /// Key label → VoiceOver name in the profile's language, for the keys on its layers.
    pub names_native: Vec<(String, String)>,
    /// Key label → VoiceOver name in Japanese.
    pub names_ja: Vec<(String, String)>,
}

/// What a profile's keyboard is checked against: where the profile and its letter rows sit
/// (for errors), the rows, the profile's language and its rules (`has_rule(input)`: a rule
/// with exactly this input exists).
pub(crate) struct ProfileFacts<'p, 'a, HasRule: Fn(&str) -> bool> {
    pub(crate) at: &'p At<'a>,
    pub(crate) rows_at: &'p At<'a>,
    pub(crate) rows: &'p [Vec<String>],
    pub(crate) language: &'p str,
    pub(crate) has_rule: HasRule,
}

impl ProfileKeyboard {
    /// Applies the profile's own keyboard data over the shared one and checks the result
    /// against the profile.
    pub(crate) fn resolve(
        profile: ProfileFacts<'_, '_, impl Fn(&str) -> bool>,
        shared: &KeyboardData,
        own: &KeyboardData,
    ) -> Result<ProfileKeyboard, DataError> {
        let ProfileFacts { at: profile_at, rows_at, rows, language, has_rule } = profile;
        let mut layers: Vec<Layer> = shared.layers.iter().map(|(l, _)| l.clone()).collect();
        for (layer, _) in &own.layers {
            match layers.iter_mut().find(|l| l.id == layer.id) {
                Some(existing) => *existing = layer.clone(),
                None => layers.push(layer.clone()),
            }
        }
        if layers.len() > limits::MAX_LAYERS {
            return Err(profile_at.error(format!("{} layers with the shared ones, over the limit of {}", layers.len(), limits::MAX_LAYERS)));
        }
        let has_mode = rows.last().is_some_and(|row| row.iter().any(|k| k == "{mode}"));
        let layer_ids = || layers.iter().map(|l| l.id.as_str()).collect::<Vec<_>>().join(", ");
        if !layers.is_empty() && !has_mode {
            return Err(rows_at.error(format!(
                "the profile has the layers {} but its function row has no {{mode}} key to reach them",
                layer_ids()
            )));
        }
        if layers.is_empty() && has_mode {
            return Err(rows_at.error("the function row has a {mode} key but there is no layer to switch to (keyboard.layers)"));
        }
        let letters_label = match own.letters_label.as_ref().or(shared.letters_label.as_ref()) {
            Some((label, _)) => label.clone(),
            None if layers.is_empty() => String::new(),
            None => {
                return Err(profile_at.error(format!(
                    "the profile has the layers {} but no keyboard.lettersLabel for the {{mode}} key that leads back to the letters",
                    layer_ids()
                )))
            }
        };
        let on_keyboard = |label: &str| {
            rows.iter().flatten().any(|k| k == label) || layers.iter().any(|l| l.has_key(label))
        };

        let mut key_inputs: Vec<(String, String, &str)> = Vec::new();
        for (label, input, from) in shared.key_inputs.iter().chain(&own.key_inputs) {
            key_inputs.retain(|(l, _, _)| l != label);
            key_inputs.push((label.clone(), input.clone(), from));
        }
        for (label, input, from) in &key_inputs {
            if !on_keyboard(label) {
                return Err(profile_at.error(format!("key input for {} (at {from}): the profile has no key {} on any layer", quoted(label), quoted(label))));
            }
            if !has_rule(input) {
                return Err(profile_at.error(format!(
                    "key input for {} (at {from}): the profile has no rule for {}, so the key would type it unchanged",
                    quoted(label),
                    quoted(input)
                )));
            }
        }

        // Names in the profile's language and in Japanese, for the keys this profile has.
        let names_for = |lang: &str| {
            let mut names: Vec<(String, String, String)> = Vec::new();
            for (language, label, name, from) in shared.key_names.iter().chain(&own.key_names) {
                if language == lang && on_keyboard(label) {
                    names.retain(|(l, _, _)| l != label);
                    names.push((label.clone(), name.clone(), from.clone()));
                }
            }
            names
        };
        let native = names_for(language);
        let ja = names_for("ja");
        for (these, those, lang, other) in [(&ja, &native, "ja", language), (&native, &ja, language, "ja")] {
            for (label, _, from) in these.iter() {
                if !those.iter().any(|(l, _, _)| l == label) {
                    return Err(profile_at.error(format!(
                        "key {} is named in {} (at {from}) but not in {} (keyboard.keyNames[{}])",
                        quoted(label),
                        quoted(lang),
                        quoted(other),
                        quoted(other)
                    )));
                }
            }
        }
        if !layers.is_empty() {
            let paging = layers.iter().any(|l| l.pages.len() > 1);
            for required in ["{mode}"].into_iter().chain(paging.then_some("{shift}")) {
                if !ja.iter().any(|(l, _, _)| l == required) {
                    return Err(profile_at.error(format!(
                        "key {} has no name for VoiceOver in {} or {} (keyboard.keyNames)",
                        quoted(required),
                        quoted(language),
                        quoted("ja")
                    )));
                }
            }
        }
        let strip = |names: Vec<(String, String, String)>| names.into_iter().map(|(l, n, _)| (l, n)).collect();
        Ok(ProfileKeyboard {
            letters_label,
            layers,
            key_inputs: key_inputs.into_iter().map(|(l, i, _)| (l, i)).collect(),
            names_native: strip(native),
            names_ja: strip(ja),
        })
    }

    /// What the key labelled `label` sends to the composer, when that differs from its label.
    pub fn input_for(&self, label: &str) -> Option<&str> {
        self.key_inputs.iter().find(|(l, _)| l == label).map(|(_, input)| input.as_str())
    }

    /// Appends the fields `rust_profiles_json` gives each profile after `rows`:
    /// `lettersLabel`, `layers`, `keyInputs` and `keyNames` (docs/FFI.md).
    pub fn write_json(&self, out: &mut String) {
        out.push_str(",\"lettersLabel\":");
        write_string(out, &self.letters_label);
        out.push_str(",\"layers\":");
        write_array(out, &self.layers, |out, layer| {
            out.push_str("{\"id\":");
            write_string(out, &layer.id);
            out.push_str(",\"returnToLettersAfter\":");
            write_string_array(out, &layer.return_to_letters_after);
            out.push_str(",\"pages\":");
            write_array(out, &layer.pages, |out, page| {
                out.push_str("{\"label\":");
                write_string(out, &page.label);
                out.push_str(",\"rows\":");
                write_string_rows(out, &page.rows);
                out.push('}');
            });
            out.push('}');
        });
        out.push_str(",\"keyInputs\":");
        write_string_object(out, &self.key_inputs);
        out.push_str(",\"keyNames\":{\"native\":");
        write_string_object(out, &self.names_native);
        out.push_str(",\"ja\":");
        write_string_object(out, &self.names_ja);
        out.push('}');
    }
}
