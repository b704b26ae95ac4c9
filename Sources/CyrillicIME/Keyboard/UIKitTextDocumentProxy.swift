#if canImport(UIKit)
import UIKit

/// Forwards to the keyboard's live `textDocumentProxy`. UIKit can hand out a new proxy
/// object when the host field changes, so it is looked up on every call, never kept.
public final class UIKitTextDocumentProxy: TextDocumentProxy {
    private unowned let inputViewController: UIInputViewController

    public init(_ inputViewController: UIInputViewController) {
        self.inputViewController = inputViewController
    }

    private var proxy: UITextDocumentProxy { inputViewController.textDocumentProxy }

    public var documentContextBeforeInput: String? { proxy.documentContextBeforeInput }
    public var documentContextAfterInput: String? { proxy.documentContextAfterInput }
    public var hasText: Bool { proxy.hasText }
    public func insertText(_ text: String) { proxy.insertText(text) }
    public func deleteBackward() { proxy.deleteBackward() }
    public func setMarkedText(_ markedText: String, selectedRange: NSRange) {
        proxy.setMarkedText(markedText, selectedRange: selectedRange)
    }
    public func unmarkText() { proxy.unmarkText() }
    public func adjustTextPosition(byCharacterOffset offset: Int) {
        proxy.adjustTextPosition(byCharacterOffset: offset)
    }
}
#endif
