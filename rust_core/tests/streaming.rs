//! The streaming property: typing a text key by key with the real pending buffer and
//! flushing gives exactly what converting the whole text at once gives, at every
//! prefix, and no typed character disappears.

mod common;
use common::bundled_engine;
use cyrillic_ime_core::Engine;

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }
}

fn check_text(engine: &Engine, profile: &str, text: &str) {
    let table = &engine.profile(profile).unwrap().table;
    let mut buffer = String::new();
    let mut inserted = String::new();
    let mut typed = String::new();
    let mut key = [0u8; 4];
    for c in text.chars() {
        typed.push(c);
        let result = engine.process_key(c.encode_utf8(&mut key), &buffer, profile);
        assert!(result.error.is_none());
        inserted.push_str(&result.output);
        buffer = result.buffer;
        // What is inserted plus what the buffer would flush to equals the whole prefix converted.
        let flushed = engine.process_key("{flush}", &buffer, profile);
        assert_eq!(format!("{inserted}{}", flushed.output), table.convert(&typed), "prefix {typed:?} of {text:?}");
    }
    // Nothing typed disappears: every character the profile has no rule for comes out as typed, in order.
    let flushed = engine.process_key("{flush}", &buffer, profile).output;
    let whole = format!("{inserted}{flushed}");
    let passthrough: Vec<char> = text.chars().filter(|c| !table.knows(table.normalize(*c))).collect();
    let mut rest = whole.chars();
    for c in &passthrough {
        assert!(rest.any(|o| o == *c), "{c:?} from {text:?} is missing in {whole:?}");
    }
    assert!(text.is_empty() || !whole.is_empty());
}

#[test]
fn key_by_key_equals_whole_text_for_generated_inputs() {
    let engine = bundled_engine();
    for profile in engine.profiles() {
        let id = &profile.id;
        // The profile's own letters (taken from its keyboard rows), their capitals, and
        // characters it has no rule for.
        let mut alphabet: Vec<char> = profile.rows[1..4].iter().flatten().flat_map(|k| k.chars()).collect();
        let capitals: Vec<char> = alphabet.iter().flat_map(|c| c.to_uppercase()).collect();
        alphabet.extend(capitals);
        alphabet.extend(['\'', '.', ',', '-', ':', '?', '!', ' ', '5', 'x', 'Q', '😀', '\u{301}']);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ id.len() as u64);
        for _ in 0..3000 {
            let len = (rng.next() % 12) as usize;
            let text: String = (0..len).map(|_| *rng.pick(&alphabet)).collect();
            check_text(&engine, id, &text);
        }
    }
}

#[test]
fn key_by_key_equals_whole_text_for_words() {
    let engine = bundled_engine();
    for text in ["коннитива сэнсэй", "Хоккайдо: тёкусэцу", "синъитиро н'я ннн", "кккк ттч дзздз", "маття мамба"] {
        check_text(&engine, "rus_standard", text);
    }
}
