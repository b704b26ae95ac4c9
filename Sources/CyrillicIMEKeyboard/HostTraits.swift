import CyrillicIME

/// What the host's text field asks of the keyboard: the part of UIKit's `UITextInputTraits`
/// this keyboard honours, as plain values the in-memory proxy can report too (so the tests
/// decide what a search, number or password field gets). `UIKitTextDocumentProxy` reads them
/// from the live `textDocumentProxy`; a host that says nothing gets `HostTraits()`.
public struct HostTraits: Equatable, Sendable {
    /// What the return key does in the host (UIKit's `UIReturnKeyType`, case by case).
    public enum ReturnKey: String, CaseIterable, Sendable {
        case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall
        case `continue`
    }

    /// The kind of text the field takes (UIKit's `UIKeyboardType`, case by case).
    public enum FieldKind: String, CaseIterable, Sendable {
        case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad
        case emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
    }

    /// The keyboard appearance the host asks for (UIKit's `UIKeyboardAppearance`).
    public enum Appearance: String, CaseIterable, Sendable {
        /// Whatever the system shows (light or dark with the system's setting).
        case `default`
        case light
        case dark
    }

    public var returnKey: ReturnKey
    /// The host wants return disabled while its field is empty (`enablesReturnKeyAutomatically`).
    public var enablesReturnKeyAutomatically: Bool
    public var fieldKind: FieldKind
    public var appearance: Appearance
    /// A password or other secure field (`isSecureTextEntry`).
    public var isSecure: Bool

    public init(
        returnKey: ReturnKey = .default, enablesReturnKeyAutomatically: Bool = false, fieldKind: FieldKind = .default,
        appearance: Appearance = .default, isSecure: Bool = false
    ) {
        self.returnKey = returnKey
        self.enablesReturnKeyAutomatically = enablesReturnKeyAutomatically
        self.fieldKind = fieldKind
        self.appearance = appearance
        self.isSecure = isSecure
    }
}
