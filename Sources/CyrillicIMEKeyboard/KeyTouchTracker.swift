import CyrillicIME

/// Touches on the keys, turned into the keyboard's events, so the view only reports where
/// each touch is (docs/KEYBOARD.md, "The shell on device"):
/// - every key going down gives its feedback (`KeyFeedback`: click, haptic);
/// - a tap types the key on touch-up; return only while `HostField` says it can be tapped;
/// - backspace deletes on touch-down and repeats while held (`KeyboardController.pressBackspace`);
/// - the `{profile}` key held for `longPressDelay` commits what is shown and asks for the profile
///   list (`onLongPress`) instead of switching to the next profile;
/// - the space bar dragged sideways moves the cursor one character per `cursorStep` points
///   (the segment focus while converting), as on the system keyboard, and types no space;
/// - the globe key commits what is composed on touch-down; the view hands the same touches to
///   UIKit's `handleInputModeList(from:with:)`, which switches keyboards.
public final class KeyTouchTracker {
    public struct Timing: Equatable, Sendable {
        /// How long `{profile}` is held before the list opens.
        public var longPressDelay: Double
        /// How far the space bar is dragged before the cursor starts moving, in points.
        public var dragThreshold: Double
        /// Points of drag per character the cursor moves.
        public var cursorStep: Double

        /// The system keyboard's feel: half a second to hold, 12 pt to start a drag, 10 pt a character.
        public static let standard = Timing(longPressDelay: 0.5, dragThreshold: 12, cursorStep: 10)

        public init(longPressDelay: Double, dragThreshold: Double, cursorStep: Double) {
            self.longPressDelay = longPressDelay
            self.dragThreshold = dragThreshold
            self.cursorStep = cursorStep
        }
    }

    /// A key held long: `{profile}` (the view shows the profile list).
    public var onLongPress: ((KeyboardKey) -> Void)?
    public let timing: Timing
    private let keyboard: KeyboardController
    private let feedback: KeyFeedback?
    private let scheduler: KeyboardScheduler
    private var touches: [Int: Touch] = [:]

    private struct Touch {
        var key: KeyboardKey
        var startX: Double
        var anchorX: Double
        var dragging = false
        var heldLong = false
        var longPress: ScheduledTask?
    }

    public init(keyboard: KeyboardController, feedback: KeyFeedback?, scheduler: KeyboardScheduler, timing: Timing = .standard) {
        self.keyboard = keyboard
        self.feedback = feedback
        self.scheduler = scheduler
        self.timing = timing
    }

    /// Touch `id` went down on `key` at `x` (points, in the keys' view).
    public func touchBegan(_ id: Int, on key: KeyboardKey, x: Double) {
        touchCancelled(id)  // an id reused without an end: forget the old touch
        var touch = Touch(key: key, startX: x, anchorX: x)
        feedback?.keyWentDown()
        switch key {
        case .backspace:
            keyboard.pressBackspace()
        case .globe:
            keyboard.tap(.globe)
        case .profile:
            touch.longPress = scheduler.schedule(after: timing.longPressDelay) { [weak self] in self?.heldLong(id) }
        default:
            break
        }
        touches[id] = touch
    }

    /// Touch `id` moved to `x`: only the space bar follows it.
    public func touchMoved(_ id: Int, x: Double) {
        guard var touch = touches[id], touch.key == .space else { return }
        if !touch.dragging {
            guard abs(x - touch.startX) >= timing.dragThreshold else { return }
            touch.dragging = true
        }
        let steps = Int((x - touch.anchorX) / timing.cursorStep)
        touch.anchorX += Double(steps) * timing.cursorStep
        touches[id] = touch
        for _ in 0..<abs(steps) { keyboard.tap(steps > 0 ? .cursorRight : .cursorLeft) }
    }

    /// Touch `id` went up: the key is typed, unless it was held, dragged or is handled on touch-down.
    public func touchEnded(_ id: Int) {
        guard let touch = touches.removeValue(forKey: id) else { return }
        touch.longPress?.cancel()
        switch touch.key {
        case .backspace:
            keyboard.releaseBackspace()
        case .globe:
            break
        case .space where touch.dragging:
            break
        case .profile where touch.heldLong:
            break
        case .enter where !keyboard.hostField.returnKey(of: keyboard).isEnabled:
            break
        default:
            keyboard.tap(touch.key)
        }
    }

    /// Touch `id` was cancelled (a system gesture took it): nothing is typed.
    public func touchCancelled(_ id: Int) {
        guard let touch = touches.removeValue(forKey: id) else { return }
        touch.longPress?.cancel()
        if touch.key == .backspace { keyboard.releaseBackspace() }
    }

    private func heldLong(_ id: Int) {
        guard var touch = touches[id] else { return }
        touch.heldLong = true
        touch.longPress = nil
        touches[id] = touch
        keyboard.commitShown()  // the list's choices apply to what is typed next
        onLongPress?(touch.key)
    }
}
