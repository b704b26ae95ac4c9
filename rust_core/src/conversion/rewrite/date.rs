//! Dates and times by reading (docs/CONVERSION.md, "Dates and times"): きょう offers today's
//! date in the usual forms (2026/11/27, 2026-11-27, 11月27日, 2026年11月27日, 令和8年11月27日,
//! 金曜日), いま the time (9:41, 9時41分, 午前9時41分), ことし the year, こんげつ the month, a
//! weekday the date it next falls on. The words themselves stay first; these follow them.
//!
//! The host gives the time ([`Clock`]): Rust's standard library knows no time zones, and a
//! date taken from the clock in UTC would be a day off for part of every day in Japan. A
//! request without a clock gets no dates.

use super::Context;

/// The writer's local time: an instant and their time zone's offset from UTC, as the host
/// reads them (`Date()`, `TimeZone.current`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    pub unix_seconds: i64,
    pub utc_offset_minutes: i32,
}

impl Clock {
    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years four digits write.
    pub const MIN_UNIX_SECONDS: i64 = -62_135_596_800;
    pub const MAX_UNIX_SECONDS: i64 = 253_402_300_799;
    /// The widest offset a time zone has (ISO 8601 and Foundation allow ±18 hours).
    pub const MAX_OFFSET_MINUTES: i32 = 18 * 60;

    /// The local calendar day (days since 1970-01-01) and minute of that day.
    fn local(&self) -> (i64, u32) {
        let seconds = self.unix_seconds + 60 * self.utc_offset_minutes as i64;
        (seconds.div_euclid(86_400), (seconds.rem_euclid(86_400) / 60) as u32)
    }
}

/// A day of the proleptic Gregorian calendar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i64,
    pub month: u32,
    pub day: u32,
}

impl Date {
    const fn new(year: i64, month: u32, day: u32) -> Date {
        Date { year, month, day }
    }

    /// The day `days` after 1970-01-01. Counted in whole cycles of 400 years (146,097 days,
    /// after which the calendar repeats), with years starting on 1 March so that the leap
    /// day ends a year.
    pub fn from_days(days: i64) -> Date {
        let shifted = days + 719_468; // days from 0000-03-01 to 1970-01-01
        let cycle = shifted.div_euclid(146_097);
        let day_of_cycle = shifted.rem_euclid(146_097);
        let year_of_cycle = (day_of_cycle - day_of_cycle / 1460 + day_of_cycle / 36_524 - day_of_cycle / 146_096) / 365;
        let day_of_year = day_of_cycle - (365 * year_of_cycle + year_of_cycle / 4 - year_of_cycle / 100);
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
        let month = if month_from_march < 10 { month_from_march + 3 } else { month_from_march - 9 } as u32;
        let year = year_of_cycle + 400 * cycle + i64::from(month <= 2);
        Date { year, month, day }
    }

    /// Days from 1970-01-01 to this day (the inverse of [`Date::from_days`]).
    pub fn days(&self) -> i64 {
        let year = self.year - i64::from(self.month <= 2);
        let cycle = year.div_euclid(400);
        let year_of_cycle = year.rem_euclid(400);
        let month_from_march = (self.month as i64 + 9) % 12;
        let day_of_year = (153 * month_from_march + 2) / 5 + self.day as i64 - 1;
        let day_of_cycle = 365 * year_of_cycle + year_of_cycle / 4 - year_of_cycle / 100 + day_of_year;
        cycle * 146_097 + day_of_cycle - 719_468
    }

    /// 0 for Sunday … 6 for Saturday (1970-01-01 was a Thursday).
    pub fn weekday(&self) -> usize {
        (self.days() + 4).rem_euclid(7) as usize
    }

    /// The same day `months` months later, its day cut to the month's last (1月31日 + 1 month
    /// → 2月28日).
    fn plus_months(&self, months: i64) -> Date {
        let index = self.year * 12 + (self.month as i64 - 1) + months;
        let (year, month) = (index.div_euclid(12), index.rem_euclid(12) as u32 + 1);
        let last = Date::from_days(Date::new(year + i64::from(month == 12), month % 12 + 1, 1).days() - 1).day;
        Date { year, month, day: self.day.min(last) }
    }
}

/// The Japanese eras from Meiji on: each name, the Gregorian year of its first year, and the
/// first day this table names by it. Meiji is counted from 1873-01-01 (明治6年), when Japan took
/// the Gregorian calendar: an earlier Gregorian date has no exact date in the lunisolar one
/// then in use, so it gets no era.
const ERAS: &[(&str, i64, Date)] = &[
    ("明治", 1868, Date::new(1873, 1, 1)),
    ("大正", 1912, Date::new(1912, 7, 30)),
    ("昭和", 1926, Date::new(1926, 12, 25)),
    ("平成", 1989, Date::new(1989, 1, 8)),
    ("令和", 2019, Date::new(2019, 5, 1)),
];

/// `令和8年` for a day in the era table, `令和元年` for an era's first year; None before the
/// table (a date of 1850 gets no era form).
pub fn era_year(date: Date) -> Option<String> {
    let &(name, first_year, _) = ERAS.iter().rev().find(|(_, _, from)| *from <= date)?;
    let year = date.year - first_year + 1;
    Some(if year == 1 { format!("{name}元年") } else { format!("{name}{year}年") })
}

const WEEKDAYS: [&str; 7] = ["日", "月", "火", "水", "木", "金", "土"];

/// What a reading means: a day counted from today, the time now, a year or a month counted
/// from this one, or a weekday (0 Sunday … 6 Saturday).
#[derive(Debug, Clone, Copy)]
enum Meaning {
    Day(i64),
    Now,
    Year(i64),
    Month(i64),
    Weekday(usize),
}

/// The readings Mozc's date rewriter knows, with a few formal synonyms (ほんじつ, さくじつ).
const READINGS: &[(&str, Meaning)] = &[
    ("きょう", Meaning::Day(0)),
    ("ほんじつ", Meaning::Day(0)),
    ("あした", Meaning::Day(1)),
    ("あす", Meaning::Day(1)),
    ("みょうにち", Meaning::Day(1)),
    ("きのう", Meaning::Day(-1)),
    ("さくじつ", Meaning::Day(-1)),
    ("おととい", Meaning::Day(-2)),
    ("あさって", Meaning::Day(2)),
    ("いま", Meaning::Now),
    ("ことし", Meaning::Year(0)),
    ("きょねん", Meaning::Year(-1)),
    ("らいねん", Meaning::Year(1)),
    ("こんげつ", Meaning::Month(0)),
    ("せんげつ", Meaning::Month(-1)),
    ("らいげつ", Meaning::Month(1)),
    ("にちようび", Meaning::Weekday(0)),
    ("げつようび", Meaning::Weekday(1)),
    ("かようび", Meaning::Weekday(2)),
    ("すいようび", Meaning::Weekday(3)),
    ("もくようび", Meaning::Weekday(4)),
    ("きんようび", Meaning::Weekday(5)),
    ("どようび", Meaning::Weekday(6)),
];

/// The rewriter: the date or time a segment's reading names, when the request has a clock.
pub fn add(context: &Context, out: &mut Vec<String>) {
    let Some(clock) = context.clock else { return };
    let Some(&(_, meaning)) = READINGS.iter().find(|(reading, _)| *reading == context.spelled) else { return };
    let (today, minute) = clock.local();
    match meaning {
        Meaning::Day(offset) => day_forms(Date::from_days(today + offset), out),
        Meaning::Now => time_forms(minute, out),
        Meaning::Year(offset) => {
            let date = Date::from_days(today).plus_months(12 * offset);
            out.push(format!("{}年", date.year));
            out.extend(era_year(date));
        }
        Meaning::Month(offset) => {
            let date = Date::from_days(today).plus_months(offset);
            out.push(format!("{}月", date.month));
            out.push(format!("{}年{}月", date.year, date.month));
        }
        Meaning::Weekday(weekday) => {
            let ahead = (weekday + 7 - Date::from_days(today).weekday()) % 7;
            let date = Date::from_days(today + ahead as i64);
            out.push(format!("{}月{}日", date.month, date.day));
            out.push(format!("{}/{:02}/{:02}", date.year, date.month, date.day));
        }
    }
}

/// 2026/11/27, 2026-11-27, 11月27日, 2026年11月27日, 令和8年11月27日 (inside the era table), 金曜日.
fn day_forms(date: Date, out: &mut Vec<String>) {
    let Date { year, month, day } = date;
    out.push(format!("{year}/{month:02}/{day:02}"));
    out.push(format!("{year}-{month:02}-{day:02}"));
    out.push(format!("{month}月{day}日"));
    out.push(format!("{year}年{month}月{day}日"));
    if let Some(era) = era_year(date) {
        out.push(format!("{era}{month}月{day}日"));
    }
    out.push(format!("{}曜日", WEEKDAYS[date.weekday()]));
}

/// 9:41, 9時41分, 午前9時41分 (on the hour 9時, 午前9時); noon and after as 21:41, 21時41分,
/// 午後9時41分 (noon is 午後0時, as Japanese clocks say it).
fn time_forms(minute_of_day: u32, out: &mut Vec<String>) {
    let (hour, minute) = (minute_of_day / 60, minute_of_day % 60);
    let (half, twelve) = if hour < 12 { ("午前", hour) } else { ("午後", hour - 12) };
    let spoken = |h: u32| if minute == 0 { format!("{h}時") } else { format!("{h}時{minute}分") };
    out.push(format!("{hour}:{minute:02}"));
    out.push(spoken(hour));
    out.push(format!("{half}{}", spoken(twelve)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-27 09:41 in Japan (UTC+9), a Friday.
    const FRIDAY_MORNING: Clock = Clock { unix_seconds: 1_795_740_060, utc_offset_minutes: 540 };

    fn forms(reading: &str, clock: Clock) -> Vec<String> {
        let mut out = Vec::new();
        add(&Context { reading, spelled: reading, clock: Some(clock), emoji: None }, &mut out);
        out
    }

    #[test]
    fn days_round_trip_and_known_dates() {
        assert_eq!(Date::from_days(0), Date::new(1970, 1, 1));
        assert_eq!(Date::from_days(-1), Date::new(1969, 12, 31));
        assert_eq!(Date::new(2000, 3, 1).days() - Date::new(2000, 2, 28).days(), 2, "2000 is a leap year");
        assert_eq!(Date::new(1900, 3, 1).days() - Date::new(1900, 2, 28).days(), 1, "1900 is not");
        assert_eq!(Date::new(2026, 11, 27).weekday(), 5);
        for days in (-800_000..3_000_000).step_by(997) {
            assert_eq!(Date::from_days(days).days(), days);
        }
    }

    #[test]
    fn today_in_every_form_with_the_era() {
        assert_eq!(forms("きょう", FRIDAY_MORNING), ["2026/11/27", "2026-11-27", "11月27日", "2026年11月27日", "令和8年11月27日", "金曜日"]);
        assert_eq!(forms("あした", FRIDAY_MORNING)[2], "11月28日");
        assert_eq!(forms("おととい", FRIDAY_MORNING)[5], "水曜日");
    }

    #[test]
    fn the_local_day_follows_the_offset() {
        // 2026-11-27 23:30 UTC is already the 28th in Tokyo, still the 27th in London.
        let late = Clock { unix_seconds: 1_795_822_200, utc_offset_minutes: 0 };
        assert_eq!(forms("きょう", late)[0], "2026/11/27");
        assert_eq!(forms("きょう", Clock { utc_offset_minutes: 540, ..late })[0], "2026/11/28");
        assert_eq!(forms("きょう", Clock { utc_offset_minutes: -300, ..late })[0], "2026/11/27");
    }

    #[test]
    fn the_time_in_both_halves_of_the_day() {
        assert_eq!(forms("いま", FRIDAY_MORNING), ["9:41", "9時41分", "午前9時41分"]);
        let evening = Clock { unix_seconds: FRIDAY_MORNING.unix_seconds + 12 * 3600 - 41 * 60, ..FRIDAY_MORNING };
        assert_eq!(forms("いま", evening), ["21:00", "21時", "午後9時"]);
        let noon = Clock { unix_seconds: FRIDAY_MORNING.unix_seconds + 3 * 3600 - 41 * 60 + 5 * 60, ..FRIDAY_MORNING };
        assert_eq!(forms("いま", noon), ["12:05", "12時5分", "午後0時5分"]);
    }

    #[test]
    fn years_months_and_weekdays() {
        assert_eq!(forms("ことし", FRIDAY_MORNING), ["2026年", "令和8年"]);
        assert_eq!(forms("きょねん", FRIDAY_MORNING), ["2025年", "令和7年"]);
        assert_eq!(forms("らいげつ", FRIDAY_MORNING), ["12月", "2026年12月"]);
        assert_eq!(forms("せんげつ", FRIDAY_MORNING), ["10月", "2026年10月"]);
        assert_eq!(forms("きんようび", FRIDAY_MORNING), ["11月27日", "2026/11/27"]);
        assert_eq!(forms("げつようび", FRIDAY_MORNING), ["11月30日", "2026/11/30"]);
        let december = Clock { unix_seconds: FRIDAY_MORNING.unix_seconds + 34 * 86_400, ..FRIDAY_MORNING };
        assert_eq!(forms("らいげつ", december), ["1月", "2027年1月"]);
    }

    #[test]
    fn eras_at_their_edges_and_none_before_the_table() {
        assert_eq!(era_year(Date::new(2019, 4, 30)).as_deref(), Some("平成31年"));
        assert_eq!(era_year(Date::new(2019, 5, 1)).as_deref(), Some("令和元年"));
        assert_eq!(era_year(Date::new(1989, 1, 7)).as_deref(), Some("昭和64年"));
        assert_eq!(era_year(Date::new(1873, 1, 1)).as_deref(), Some("明治6年"));
        assert_eq!(era_year(Date::new(1872, 12, 31)), None);
        // A clock in 1850 gives the Gregorian forms and no era form.
        let long_ago = Clock { unix_seconds: Date::new(1850, 6, 1).days() * 86_400, utc_offset_minutes: 0 };
        assert_eq!(forms("きょう", long_ago), ["1850/06/01", "1850-06-01", "6月1日", "1850年6月1日", "土曜日"]);
    }

    #[test]
    fn other_readings_and_no_clock_add_nothing() {
        assert!(forms("ねこ", FRIDAY_MORNING).is_empty());
        let mut out = Vec::new();
        add(&Context { reading: "きょう", spelled: "きょう", clock: None, emoji: None }, &mut out);
        assert!(out.is_empty());
    }
}
