import CyrillicIME
/// One key of the keyboard: a character key from a profile's rows, or a function key.
///
/// Profiles write function keys as `{name}` (docs/PROFILES.md); the cursor keys are not in
/// the rows: they come from the space-bar drag on device and the arrow keys in the terminal.
public enum KeyboardKey: Hashable, Sendable {
    /// Types its label (a letter, digit or sign) through the core.
    case character(String)
    case shift
    case dakuten
    case space
    /// Switches to the next profile (a long press lists them all).
    case profile
    case backspace
    case enter
    /// Switches to the next system keyboard; shown only when the host asks for it.
    case globe
    /// Switches between the letters and the profile's other layers (the symbols layer).
    case mode
    case cursorLeft
    case cursorRight

    /// Why a row label cannot be a key.
    public struct UnknownFunctionKey: Error, Equatable, CustomStringConvertible {
        public var label: String
        public var description: String {
            "unknown function key \(label) (known: \(KeyboardKey.functionKeyNames.map { "{\($0)}" }.joined(separator: ", ")))"
        }
    }

    /// The names profiles may write in braces, in the order docs/PROFILES.md lists them.
    public static let functionKeyNames = ["shift", "dakuten", "space", "profile", "backspace", "enter", "globe", "mode"]

    /// The key a profile row label stands for: `{shift}` is `.shift`, `к` is `.character("к")`.
    public init(label: String) throws(UnknownFunctionKey) {
        guard label.count > 2, label.hasPrefix("{"), label.hasSuffix("}") else {
            self = .character(label)
            return
        }
        switch label.dropFirst().dropLast() {
        case "shift": self = .shift
        case "dakuten": self = .dakuten
        case "space": self = .space
        case "profile": self = .profile
        case "backspace": self = .backspace
        case "enter": self = .enter
        case "globe": self = .globe
        case "mode": self = .mode
        default: throw UnknownFunctionKey(label: label)
        }
    }

    /// The label as profiles write it (`{shift}`), or the character itself.
    public var label: String {
        switch self {
        case .character(let text): text
        case .shift: "{shift}"
        case .dakuten: "{dakuten}"
        case .space: "{space}"
        case .profile: "{profile}"
        case .backspace: "{backspace}"
        case .enter: "{enter}"
        case .globe: "{globe}"
        case .mode: "{mode}"
        case .cursorLeft: "{left}"
        case .cursorRight: "{right}"
        }
    }

    public var isCharacter: Bool {
        if case .character = self { return true }
        return false
    }
}
