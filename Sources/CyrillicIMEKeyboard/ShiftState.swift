import CyrillicIME
import Foundation

/// The shift key. On this keyboard shift means katakana: while it is on, letters are
/// sent to the core with the `:katakana` profile suffix (`KanaScript`).
///
/// Like the system keyboard: a tap turns it on for one kana (`once`), a second tap
/// within `doubleTapInterval` locks it (`locked`, caps lock), and a tap while it is on
/// turns it off.
public struct ShiftState: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case off
        /// On until the next kana is complete (see `KeyboardController`).
        case once
        /// On until shift is tapped again.
        case locked
    }

    /// Two taps closer than this lock shift (the system keyboard's double-tap time).
    public static let defaultDoubleTapInterval: TimeInterval = 0.35

    public private(set) var mode: Mode = .off
    public var doubleTapInterval: TimeInterval
    private var lastTapTime: TimeInterval?

    public init(doubleTapInterval: TimeInterval = ShiftState.defaultDoubleTapInterval) {
        self.doubleTapInterval = doubleTapInterval
    }

    /// The script letters come out in now.
    public var script: KanaScript { mode == .off ? .hiragana : .katakana }

    /// A tap on shift at `time` (seconds on the keyboard's clock).
    public mutating func tap(at time: TimeInterval) {
        let isDoubleTap = lastTapTime.map { time - $0 <= doubleTapInterval } ?? false
        switch mode {
        case .off: mode = .once
        case .once: mode = isDoubleTap ? .locked : .off
        case .locked: mode = .off
        }
        // A third quick tap after a lock starts a new pair instead of re-locking.
        lastTapTime = mode == .once ? time : nil
    }

    /// A kana was completed while shifted: `once` ends, `locked` stays.
    public mutating func kanaCompleted() {
        if mode == .once { mode = .off }
        lastTapTime = nil
    }

    /// Turns shift off (the profile changed, the keyboard hid).
    public mutating func reset() {
        mode = .off
        lastTapTime = nil
    }
}
