import CyrillicIMEKeyboard
import Foundation

/// A text document in memory that behaves like a UIKit text field seen through
/// `UITextDocumentProxy`: the text is kept as UTF-16 code units, and every offset and
/// range is in those units, as on iOS. Used by the tests and the terminal keyboard.
///
/// The editing rules follow what iOS text fields do (and what azooKey's mock proxy models):
/// - `setMarkedText` replaces the current marked text, or the selection when nothing is
///   marked, and selects `selectedRange` inside the new marked text (clamped to it). Marking
///   an empty string leaves an empty marked range at that place until `unmarkText`.
/// - `insertText` replaces the marked text (or the selection) and ends marking.
/// - `deleteBackward` deletes the marked text if there is any (even an empty one), else the
///   selection, else one user-perceived character (a whole emoji, flag or letter with its
///   combining marks) before the cursor.
/// - `adjustTextPosition` collapses a selection to its end or moves the cursor by UTF-16
///   units, clamped to the document; marked text is committed first, as a tap in the text does.
/// - `documentContextBeforeInput` includes the marked text before the cursor.
public final class InMemoryTextDocumentProxy: TextDocumentProxy {
    /// One call the keyboard made, in order, for tests that check how the document was edited.
    public enum Operation: Equatable, Sendable {
        case insertText(String)
        case deleteBackward
        case setMarkedText(String, selectedRange: NSRange)
        case unmarkText
        case adjustTextPosition(Int)
    }

    /// The document, in UTF-16 code units.
    public private(set) var utf16: [UInt16]
    /// The selection; length 0 is a plain cursor.
    public private(set) var selectedRange: NSRange
    /// The marked (provisional) text, if any.
    public private(set) var markedRange: NSRange?
    /// Every call made through `TextDocumentProxy`, oldest first.
    public private(set) var operations: [Operation] = []
    /// Called after each edit made through `TextDocumentProxy`, with the call.
    public var onEdit: ((Operation) -> Void)?
    /// When true, both document contexts are `nil`, as some hosts (secure fields, web views) report.
    public var hidesContext = false
    /// The field typed into; `userSwitchesField` makes it another one.
    public private(set) var documentIdentifier: UUID? = UUID()
    /// What the field asks of the keyboard (a search field, a password field…); set by the
    /// test, or by `userSwitchesField(to:traits:)`. The keyboard reads them when it appears
    /// and when the field changes.
    public var traits = HostTraits()

    /// A document holding `text` with the cursor at `cursorOffset` UTF-16 units (default: the end).
    public init(text: String = "", cursorOffset: Int? = nil) {
        utf16 = Array(text.utf16)
        let offset = min(max(cursorOffset ?? utf16.count, 0), utf16.count)
        selectedRange = NSRange(location: offset, length: 0)
    }

    /// The whole document.
    public var text: String { Self.string(utf16[...]) }
    /// The marked text, or `nil` when nothing is marked.
    public var markedText: String? {
        markedRange.map { Self.string(utf16[$0.location..<NSMaxRange($0)]) }
    }
    /// The cursor (the start of the selection), in UTF-16 units.
    public var cursorOffset: Int { selectedRange.location }

    // MARK: TextDocumentProxy

    public var documentContextBeforeInput: String? {
        hidesContext ? nil : Self.string(utf16[..<selectedRange.location])
    }

    public var documentContextAfterInput: String? {
        hidesContext ? nil : Self.string(utf16[NSMaxRange(selectedRange)...])
    }

    public var hasText: Bool { !utf16.isEmpty }

    public func insertText(_ text: String) {
        let operation = Operation.insertText(text)
        operations.append(operation)
        defer { onEdit?(operation) }
        let target = markedRange ?? selectedRange
        let inserted = Array(text.utf16)
        replace(target, with: inserted)
        markedRange = nil
        selectedRange = NSRange(location: target.location + inserted.count, length: 0)
    }

    public func deleteBackward() {
        let operation = Operation.deleteBackward
        operations.append(operation)
        defer { onEdit?(operation) }
        if let marked = markedRange {
            replace(marked, with: [])
            markedRange = nil
            selectedRange = NSRange(location: marked.location, length: 0)
        } else if selectedRange.length > 0 {
            replace(selectedRange, with: [])
            selectedRange.length = 0
        } else {
            let length = TextBoundaries.utf16LengthOfCharacter(before: Self.string(utf16[..<selectedRange.location]))
            let start = selectedRange.location - length
            replace(NSRange(location: start, length: length), with: [])
            selectedRange = NSRange(location: start, length: 0)
        }
    }

    public func setMarkedText(_ markedText: String, selectedRange inner: NSRange) {
        let operation = Operation.setMarkedText(markedText, selectedRange: inner)
        operations.append(operation)
        defer { onEdit?(operation) }
        let target = markedRange ?? selectedRange
        let marked = Array(markedText.utf16)
        replace(target, with: marked)
        markedRange = NSRange(location: target.location, length: marked.count)
        let location = min(max(inner.location, 0), marked.count)
        let length = min(max(inner.length, 0), marked.count - location)
        selectedRange = NSRange(location: target.location + location, length: length)
    }

    public func unmarkText() {
        let operation = Operation.unmarkText
        operations.append(operation)
        defer { onEdit?(operation) }
        markedRange = nil
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        let operation = Operation.adjustTextPosition(offset)
        operations.append(operation)
        defer { onEdit?(operation) }
        markedRange = nil
        if selectedRange.length > 0 {
            selectedRange = NSRange(location: NSMaxRange(selectedRange), length: 0)
        } else {
            let location = min(max(selectedRange.location + offset, 0), utf16.count)
            selectedRange = NSRange(location: location, length: 0)
        }
    }

    // MARK: What the person at the host does

    /// The person taps into the text: marked text is committed where it stands and the
    /// selection moves to `range` (UTF-16, clamped). The keyboard is told separately.
    public func userSelects(_ range: NSRange) {
        markedRange = nil
        let location = min(max(range.location, 0), utf16.count)
        selectedRange = NSRange(location: location, length: min(max(range.length, 0), utf16.count - location))
    }

    /// The person moves to another text field holding `text` (with `traits`), the cursor at
    /// its end: the document is that field's from now on. The keyboard is told separately.
    public func userSwitchesField(to text: String = "", traits: HostTraits = HostTraits()) {
        self.traits = traits
        utf16 = Array(text.utf16)
        markedRange = nil
        selectedRange = NSRange(location: utf16.count, length: 0)
        documentIdentifier = UUID()
    }

    /// The app (or the person, by paste or dictation) replaces `range` (UTF-16, clamped) with
    /// `text`; the cursor ends after it. The keyboard is told separately.
    public func hostReplaces(_ range: NSRange, with text: String) {
        markedRange = nil
        let location = min(max(range.location, 0), utf16.count)
        let clamped = NSRange(location: location, length: min(max(range.length, 0), utf16.count - location))
        let units = Array(text.utf16)
        replace(clamped, with: units)
        selectedRange = NSRange(location: location + units.count, length: 0)
    }

    private func replace(_ range: NSRange, with units: [UInt16]) {
        utf16.replaceSubrange(range.location..<NSMaxRange(range), with: units)
    }

    private static func string(_ units: ArraySlice<UInt16>) -> String {
        // Decoding from contiguous storage takes the standard library's fast path; the
        // generic slice iterator cost ~8 µs per key on a few hundred characters
        // (docs/PERFORMANCE.md, layer 4).
        units.withUnsafeBufferPointer { String(decoding: $0, as: UTF16.self) }
    }
}
