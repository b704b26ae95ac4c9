import CyrillicIME
import Foundation

/// The host's field as the keyboard treats it: its traits read from the proxy when the
/// keyboard appears and at every change of the document, and what
/// `InputTraitsPolicy` decides from them. A new field opens on its layer (digits for a number
/// field); a private one (a password field, and search and URL fields by the setting) keeps no
/// history, so the controller learns nothing and predicts nothing there.
public final class HostField {
    public let policy: InputTraitsPolicy
    /// The traits of the field typed into, as last read.
    public private(set) var traits = HostTraits()
    /// Whether what is typed here is kept out of learning, history and predictions.
    public private(set) var isPrivate = false
    private var field: UUID?
    private var hasRead = false

    init(policy: InputTraitsPolicy) {
        self.policy = policy
    }

    /// Reads the traits at every change of the document and applies what changed to `keyboard`:
    /// privacy (no history in a private field) whenever the traits differ — a host may keep one
    /// `documentIdentifier` across fields (a web view), and stale traits would learn from a
    /// password field — and the opening layer only when the keyboard appears (`appearing`) or
    /// the field is another one, so the layer the writer chose stays while they type.
    func read(into keyboard: KeyboardController, appearing: Bool) {
        let identifier = keyboard.document.documentIdentifier
        let newField = appearing || !hasRead || identifier != field
        let traits = keyboard.document.traits
        guard newField || traits != self.traits else { return }
        hasRead = true
        field = identifier
        self.traits = traits
        isPrivate = policy.isPrivate(traits)
        keyboard.contextTracker.recordsHistory = !isPrivate
        if isPrivate {
            keyboard.contextTracker.forget()
            if keyboard.inputState == .idle { keyboard.candidateBar.clear() }
        }
        if newField { keyboard.layer = InputTraitsPolicy.openingLayer(for: traits, profile: keyboard.profiles.current) }
    }

    /// The return key now: its title (確定 while something is composed), whether it can be
    /// tapped (`enablesReturnKeyAutomatically`), its VoiceOver label.
    public func returnKey(documentHasText: Bool, composing: Bool) -> ReturnKeyCap {
        ReturnKeyCap(
            title: InputTraitsPolicy.returnKeyTitle(for: traits, composing: composing),
            isEnabled: InputTraitsPolicy.returnKeyIsEnabled(for: traits, documentHasText: documentHasText, composing: composing),
            accessibilityLabel: InputTraitsPolicy.returnKeyAccessibilityLabel(for: traits, composing: composing))
    }

    /// The return key of `keyboard` now, from its document and its state.
    public func returnKey(of keyboard: KeyboardController) -> ReturnKeyCap {
        returnKey(documentHasText: keyboard.document.hasText, composing: keyboard.inputState != .idle)
    }

    /// The appearance to draw in: the host's dark or light, else the system's.
    public var appearance: HostTraits.Appearance { traits.appearance }
}
