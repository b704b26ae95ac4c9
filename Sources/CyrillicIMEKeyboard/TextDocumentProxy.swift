import CyrillicIME
import Foundation

/// What a keyboard can do to the text field it types into: the part of UIKit's
/// `UITextDocumentProxy` this keyboard uses, so the keyboard logic runs (and is tested)
/// without UIKit. `InMemoryTextDocumentProxy` models it for tests and the terminal;
/// `UIKitTextDocumentProxy` forwards to the real one on device.
///
/// Every offset and range is in UTF-16 code units, as on iOS: `adjustTextPosition`
/// moves by UTF-16 units despite its name, and `selectedRange` is an `NSRange` into
/// the UTF-16 of the marked text.
public protocol TextDocumentProxy: AnyObject {
    /// The text before the cursor (marked text included), or `nil` when the host does not say.
    var documentContextBeforeInput: String? { get }
    /// The text after the cursor, or `nil` when the host does not say.
    var documentContextAfterInput: String? { get }
    /// Whether the document holds any text at all.
    var hasText: Bool { get }
    /// The field being typed into; another value means another field (UIKit's
    /// `documentIdentifier`). `nil` when the host does not say.
    var documentIdentifier: UUID? { get }
    /// Replaces the marked text (or the selection) with `text` and ends marking.
    func insertText(_ text: String)
    /// Deletes the marked text, the selection, or one user-perceived character before the cursor.
    func deleteBackward()
    /// Replaces the current marked text (or the selection) with `markedText`, marks it, and
    /// puts the selection at `selectedRange` inside it.
    func setMarkedText(_ markedText: String, selectedRange: NSRange)
    /// Keeps the marked text as ordinary text.
    func unmarkText()
    /// Moves the cursor by `offset` UTF-16 code units.
    func adjustTextPosition(byCharacterOffset offset: Int)
    /// What the field asks of the keyboard (UIKit's text input traits): the return key, the
    /// kind of field, the appearance, whether it is secure. `HostTraits()` when it does not say.
    var traits: HostTraits { get }
}

extension TextDocumentProxy {
    /// A proxy that cannot tell fields apart.
    public var documentIdentifier: UUID? { nil }
    /// A proxy that reports no traits: an ordinary field.
    public var traits: HostTraits { HostTraits() }
}
