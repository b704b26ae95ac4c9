import CyrillicIME
import Foundation

/// What the keyboard asks the core to offer besides words (docs/KEYBOARD.md, "Emoji, dates
/// and times"): emoji by reading (a setting, on by default) and the date and time for きょう,
/// いま and their kin, from the device's clock — or a fixed one, for tests.
public struct CandidateOptions: Equatable, Sendable {
    /// Where the time comes from.
    public enum Clock: Equatable, Sendable {
        /// The device's clock and time zone at each conversion.
        case device
        /// Always this time (tests, screenshots).
        case fixed(LocalClock)
    }

    public var emoji: Bool
    public var clock: Clock

    public static let standard = CandidateOptions()

    public init(emoji: Bool = true, clock: Clock = .device) {
        self.emoji = emoji
        self.clock = clock
    }

    /// What a conversion made now asks of the core.
    public func rewrites() -> CandidateRewrites {
        switch clock {
        case .device: CandidateRewrites(clock: .now(), emoji: emoji)
        case .fixed(let clock): CandidateRewrites(clock: clock, emoji: emoji)
        }
    }
}
