import CyrillicIME
#if canImport(UIKit)
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
}
#endif
