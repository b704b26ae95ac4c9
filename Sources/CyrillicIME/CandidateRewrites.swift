import Foundation

/// What the core adds to each segment's candidates besides words (docs/CONVERSION.md,
/// "Rewriters"): the date and time for readings such as きょう and いま, from `clock`, and emoji
/// by reading (🐱 for ねこ). The script forms (hiragana, katakana, half-width) always end a list.
public struct CandidateRewrites: Equatable, Sendable {
    /// The writer's local time; `nil` offers no dates or times.
    public var clock: LocalClock?
    /// Whether emoji are offered.
    public var emoji: Bool

    public init(clock: LocalClock? = nil, emoji: Bool = true) {
        self.clock = clock
        self.emoji = emoji
    }
}

/// An instant and the offset of the writer's time zone from UTC, as the core's `clock` request
/// member takes them (the core has no time zones of its own).
public struct LocalClock: Equatable, Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z.
    public var unixSeconds: Int64
    /// The time zone's offset from UTC in minutes at that instant (540 in Tokyo).
    public var utcOffsetMinutes: Int

    public init(unixSeconds: Int64, utcOffsetMinutes: Int) {
        self.unixSeconds = unixSeconds
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// `date` in `timeZone` (its offset at that date, summer time included).
    public init(_ date: Date, in timeZone: TimeZone) {
        unixSeconds = Int64(date.timeIntervalSince1970.rounded(.down))
        utcOffsetMinutes = timeZone.secondsFromGMT(for: date) / 60
    }

    /// The device's clock and time zone now.
    public static func now() -> LocalClock { LocalClock(Date(), in: .current) }

    struct Payload: Encodable, Equatable {
        var unix_seconds: Int64
        var utc_offset_minutes: Int
    }

    var payload: Payload { Payload(unix_seconds: unixSeconds, utc_offset_minutes: utcOffsetMinutes) }
}

extension CandidateRewrites {
    /// The request members: left out where they are the core's defaults (no clock, emoji on),
    /// so a request that asks nothing of the rewriters is what it was before them.
    var clockPayload: LocalClock.Payload? { clock?.payload }
    var emojiPayload: Bool? { emoji ? nil : false }
}
