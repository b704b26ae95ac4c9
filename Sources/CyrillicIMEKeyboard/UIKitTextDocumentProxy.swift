import CyrillicIME
import Foundation
// Compiled where UIKitKeyboardViewController.swift is (see there).
#if canImport(UIKit) && (os(iOS) || os(visionOS) || UIKIT_STANDIN_TYPECHECK)
import UIKit

/// Forwards to the keyboard's live `textDocumentProxy`. UIKit can hand out a new proxy
/// object when the host field changes, so it is looked up on every call, never kept.
///
/// UIKit is main-actor isolated and the keyboard logic is not, so the conformance is
/// `@preconcurrency`: each call checks at run time that it is on the main thread, where
/// the keyboard always runs. A released view controller makes every call a no-op.
@MainActor
public final class UIKitTextDocumentProxy: @preconcurrency TextDocumentProxy {
    private weak var inputViewController: UIInputViewController?

    public init(_ inputViewController: UIInputViewController) {
        self.inputViewController = inputViewController
    }

    private var proxy: UITextDocumentProxy? { inputViewController?.textDocumentProxy }

    public var documentContextBeforeInput: String? { proxy?.documentContextBeforeInput }
    public var documentContextAfterInput: String? { proxy?.documentContextAfterInput }
    public var hasText: Bool { proxy?.hasText ?? false }
    public var documentIdentifier: UUID? { proxy?.documentIdentifier }
    public func insertText(_ text: String) { proxy?.insertText(text) }
    public func deleteBackward() { proxy?.deleteBackward() }
    public func setMarkedText(_ markedText: String, selectedRange: NSRange) {
        proxy?.setMarkedText(markedText, selectedRange: selectedRange)
    }
    public func unmarkText() { proxy?.unmarkText() }
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        proxy?.adjustTextPosition(byCharacterOffset: offset)
    }

    /// The field's traits. Each is an optional requirement of `UITextInputTraits`, so a host
    /// that does not implement one answers `nil`: it then counts as the default.
    public var traits: HostTraits {
        guard let proxy else { return HostTraits() }
        return HostTraits(
            returnKey: proxy.returnKeyType.map(Self.returnKey) ?? .default,
            enablesReturnKeyAutomatically: proxy.enablesReturnKeyAutomatically ?? false,
            fieldKind: proxy.keyboardType.map(Self.fieldKind) ?? .default,
            appearance: proxy.keyboardAppearance.map(Self.appearance) ?? .default,
            isSecure: proxy.isSecureTextEntry ?? false)
    }

    private static func returnKey(_ type: UIReturnKeyType) -> HostTraits.ReturnKey {
        switch type {
        case .default: .default
        case .go: .go
        case .google: .google
        case .join: .join
        case .next: .next
        case .route: .route
        case .search: .search
        case .send: .send
        case .yahoo: .yahoo
        case .done: .done
        case .emergencyCall: .emergencyCall
        case .continue: .continue
        @unknown default: .default
        }
    }

    private static func fieldKind(_ type: UIKeyboardType) -> HostTraits.FieldKind {
        switch type {
        case .default: .default
        case .asciiCapable: .asciiCapable
        case .numbersAndPunctuation: .numbersAndPunctuation
        case .URL: .url
        case .numberPad: .numberPad
        case .phonePad: .phonePad
        case .namePhonePad: .namePhonePad
        case .emailAddress: .emailAddress
        case .decimalPad: .decimalPad
        case .twitter: .twitter
        case .webSearch: .webSearch
        case .asciiCapableNumberPad: .asciiCapableNumberPad
        @unknown default: .default
        }
    }

    private static func appearance(_ appearance: UIKeyboardAppearance) -> HostTraits.Appearance {
        switch appearance {
        case .default: .default
        case .dark: .dark
        case .light: .light
        @unknown default: .default
        }
    }
}
#endif
