import CyrillicIME

/// Input clicks and haptics, each a setting (`KeyboardSettings.StoreKey.inputClicks`, `.haptics`).
public struct KeyFeedbackSettings: Equatable, Sendable {
    /// The system's keyboard click on each key; the person's own "Keyboard Clicks" setting
    /// still decides whether it sounds. On by default, as on the system keyboard.
    public var inputClicks: Bool
    /// A light tap felt on each key. Off by default, as on the system keyboard.
    public var haptics: Bool

    public init(inputClicks: Bool = true, haptics: Bool = false) {
        self.inputClicks = inputClicks
        self.haptics = haptics
    }
}

/// What plays the feedback: UIKit on device (`UIDevice.playInputClick`, a feedback
/// generator), a recorder in the tests.
public protocol KeyFeedbackOutput: AnyObject {
    func playInputClick()
    func playHaptic()
}

/// Decides the feedback of each key going down (`KeyTouchTracker` calls it on touch-down):
/// the click and the haptic each when its setting is on, and only with Full Access, without
/// which a keyboard has no speaker (Apple, "Configuring open access for a custom keyboard") and
/// its haptics stay silent (docs/INTEGRATION.md, "Input clicks and haptics").
public final class KeyFeedback {
    public var settings: KeyFeedbackSettings
    /// `hasFullAccess` of the input view controller, read when the keyboard appears.
    public var hasFullAccess = false
    private let output: KeyFeedbackOutput

    public init(settings: KeyFeedbackSettings, output: KeyFeedbackOutput) {
        self.settings = settings
        self.output = output
    }

    /// A key went down: click and tap as the settings say.
    public func keyWentDown() {
        guard hasFullAccess else { return }
        if settings.inputClicks { output.playInputClick() }
        if settings.haptics { output.playHaptic() }
    }
}
