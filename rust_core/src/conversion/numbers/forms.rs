//! The written forms of a number: arabic digits (2026), kanji numerals with their places
//! (二千二十六), kanji digit by digit (二〇二六), digits grouped by thousands (2,026) and by the
//! large units (1万2345, 1億2345万).

const KANJI_DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/// The large units from the largest a u64 reaches (京, 10^16) down, with their powers.
const LARGE_UNITS: [(char, u32); 4] = [('京', 16), ('兆', 12), ('億', 8), ('万', 4)];

/// Which form a number is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Arabic,
    Kanji,
    KanjiDigits,
    Thousands,
    LargeUnits,
}

impl Form {
    /// The forms offered for a number read in kana, in the order they are offered: a number
    /// of ten thousand or more is read in its large units (さんびゃくまん), and written so first
    /// (300万).
    pub fn read(value: u64) -> [Form; 4] {
        if value >= 10_000 {
            [Form::LargeUnits, Form::Arabic, Form::Kanji, Form::Thousands]
        } else {
            [Form::Arabic, Form::Kanji, Form::LargeUnits, Form::Thousands]
        }
    }
    /// The forms added to digits typed as digits (the digits themselves are the run as typed).
    pub const TYPED: [Form; 4] = [Form::Kanji, Form::KanjiDigits, Form::LargeUnits, Form::Thousands];
}

/// `value` written in `form`, or None where the form says nothing the others do not: the
/// grouped forms below 1,000 and 10,000.
pub fn write(value: u64, form: Form) -> Option<String> {
    match form {
        Form::Arabic => Some(value.to_string()),
        Form::Kanji => Some(kanji(value)),
        Form::KanjiDigits => Some(value.to_string().chars().map(|c| KANJI_DIGITS[c.to_digit(10).unwrap_or(0) as usize]).collect()),
        Form::Thousands if value >= 1_000 => Some(thousands(value)),
        Form::LargeUnits if value >= 10_000 => Some(large_units(value)),
        Form::Thousands | Form::LargeUnits => None,
    }
}

/// 二千二十六; 千 and 百 and 十 without 一 before them (千二百), as they are read.
fn kanji(value: u64) -> String {
    if value == 0 {
        return KANJI_DIGITS[0].to_string();
    }
    by_large_units(value, push_group_kanji)
}

/// `value` by groups of four digits from the largest unit (万, 億 …) down: each group that is
/// not 0 written by `push_group` and followed by its unit, the last group without one.
fn by_large_units(value: u64, push_group: impl Fn(u64, &mut String)) -> String {
    let mut out = String::new();
    let mut rest = value;
    for (unit, power) in LARGE_UNITS {
        let scale = 10u64.pow(power);
        let group = rest / scale;
        rest %= scale;
        if group > 0 {
            push_group(group, &mut out);
            out.push(unit);
        }
    }
    if rest > 0 {
        push_group(rest, &mut out);
    }
    out
}

/// A group of up to four digits in kanji with its places (nothing for 0). Above 京 the group
/// may reach 1844; its thousands are written the same.
fn push_group_kanji(group: u64, out: &mut String) {
    let group = group % 10_000;
    for (place, mark) in [(1000, Some('千')), (100, Some('百')), (10, Some('十')), (1, None)] {
        let digit = (group / place % 10) as usize;
        match (digit, mark) {
            (0, _) => {}
            (1, Some(mark)) => out.push(mark),
            (d, mark) => {
                out.push(KANJI_DIGITS[d]);
                out.extend(mark);
            }
        }
    }
}

/// 12,345,678.
fn thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// 1億2345万6789: each group of four in arabic digits with its unit, empty groups left out.
fn large_units(value: u64) -> String {
    by_large_units(value, |group, out| out.push_str(&group.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{write, Form};

    #[test]
    fn each_form_writes_the_number() {
        assert_eq!(write(2026, Form::Arabic).as_deref(), Some("2026"));
        assert_eq!(write(2026, Form::Kanji).as_deref(), Some("二千二十六"));
        assert_eq!(write(12, Form::Kanji).as_deref(), Some("十二"));
        assert_eq!(write(1_200_000, Form::Kanji).as_deref(), Some("百二十万"));
        assert_eq!(write(10_000_000, Form::Kanji).as_deref(), Some("千万"));
        assert_eq!(write(2026, Form::KanjiDigits).as_deref(), Some("二〇二六"));
        assert_eq!(write(1000, Form::Thousands).as_deref(), Some("1,000"));
        assert_eq!(write(123_456_789, Form::Thousands).as_deref(), Some("123,456,789"));
        assert_eq!(write(10_000, Form::LargeUnits).as_deref(), Some("1万"));
        assert_eq!(write(123_450_000, Form::LargeUnits).as_deref(), Some("1億2345万"));
        assert_eq!(write(100_000_006, Form::LargeUnits).as_deref(), Some("1億6"));
    }

    #[test]
    fn grouped_forms_only_for_large_numbers() {
        assert_eq!(write(999, Form::Thousands), None);
        assert_eq!(write(9999, Form::LargeUnits), None);
    }

    #[test]
    fn the_largest_value_is_written_without_overflow() {
        assert_eq!(write(u64::MAX, Form::Kanji).as_deref(), Some("千八百四十四京六千七百四十四兆七百三十七億九百五十五万千六百十五"));
        assert_eq!(write(u64::MAX, Form::LargeUnits).as_deref(), Some("1844京6744兆737億955万1615"));
    }
}
