import CyrillicIME
import Foundation

/// Holding backspace, as on the system keyboard: one delete at once, nothing more for
/// `initialDelay`, then one character every `interval`, and after `wordsAfter` of holding,
/// one word every `interval`.
public struct DeleteRepeatTiming: Equatable, Sendable {
    public var initialDelay: TimeInterval
    public var interval: TimeInterval
    public var wordsAfter: TimeInterval

    /// The system keyboard's feel: 0.5 s before repeating, 10 characters a second, words
    /// after 2 seconds of holding.
    public static let standard = DeleteRepeatTiming(initialDelay: 0.5, interval: 0.1, wordsAfter: 2.0)

    public init(initialDelay: TimeInterval, interval: TimeInterval, wordsAfter: TimeInterval) {
        self.initialDelay = initialDelay
        self.interval = interval
        self.wordsAfter = wordsAfter
    }
}

/// Drives the deletes of a held backspace from a `KeyboardScheduler`.
public final class DeleteRepeater {
    public let timing: DeleteRepeatTiming
    private let scheduler: KeyboardScheduler
    private let deleteCharacter: () -> Void
    private let deleteWord: () -> Void
    private var pressedAt: TimeInterval?
    private var nextTick: ScheduledTask?

    public init(
        timing: DeleteRepeatTiming, scheduler: KeyboardScheduler,
        deleteCharacter: @escaping () -> Void, deleteWord: @escaping () -> Void
    ) {
        self.timing = timing
        self.scheduler = scheduler
        self.deleteCharacter = deleteCharacter
        self.deleteWord = deleteWord
    }

    public var isHeld: Bool { pressedAt != nil }

    /// Backspace went down: delete once now and start the repeat clock.
    public func press() {
        release()
        pressedAt = scheduler.now
        deleteCharacter()
        scheduleTick(after: timing.initialDelay)
    }

    /// Backspace went up (or the touch was cancelled): stop repeating.
    public func release() {
        nextTick?.cancel()
        nextTick = nil
        pressedAt = nil
    }

    private func scheduleTick(after delay: TimeInterval) {
        nextTick = scheduler.schedule(after: delay) { [weak self] in self?.tick() }
    }

    private func tick() {
        guard let pressedAt else { return }
        if scheduler.now - pressedAt >= timing.wordsAfter {
            deleteWord()
        } else {
            deleteCharacter()
        }
        // The delete may have released the key (the keyboard hid); only then stop.
        if self.pressedAt != nil { scheduleTick(after: timing.interval) }
    }
}
