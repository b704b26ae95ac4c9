import CyrillicIME
import Foundation

/// The segments the keyboard committed just before the cursor (Mozc's "history"), kept while
/// the cursor stays right after them, and the context of the next conversion that follows
/// (docs/KEYBOARD.md, "Context"). `ватаси`, space, `ва`: 私 is committed by the letter `в`,
/// and `わ` is then converted after 私, so it becomes the particle は.
///
/// Whether the cursor still stands right after them is told from the document: the committed
/// text before the cursor (the keyboard's own marked or inline text left out) must end as it
/// did right after the last commit (its last `comparedCharacters`), in the same field. Only
/// the end is compared because hosts give a window of the text before the cursor, not all of
/// it, and the window may start elsewhere once more is typed. The cursor moved, the text changed
/// under it, another field: the history is dropped, and the text before the cursor is the
/// context instead. A host that hides the text (`nil`) cannot be checked that way; there the
/// keyboard drops the history on its own moves and edits, and the field's identifier still
/// tells a new field.
public struct ConversionHistory: Equatable, Sendable {
    /// The committed segments, oldest first (at most `ConversionContext.maximumSegments`).
    public private(set) var segments: [CommittedSegment] = []
    /// How much of the text before the cursor must be as it was after the last commit.
    public static let comparedCharacters = 32

    /// The end of the committed text before the cursor right after the last commit.
    private var tailBeforeCursor: String?
    /// The field that commit went into.
    private var documentIdentifier: UUID?

    public init() {}

    public var isEmpty: Bool { segments.isEmpty }

    /// Whether the cursor still stands right after the segments: same field, same text before it.
    public func isCurrent(textBeforeCursor: String?, documentIdentifier: UUID?) -> Bool {
        guard !segments.isEmpty, documentIdentifier == self.documentIdentifier else { return false }
        switch (textBeforeCursor, tailBeforeCursor) {
        case (nil, nil): return true  // a host that hides the text: nothing to compare
        case let (text?, tail?): return text.hasSuffix(tail)
        default: return false
        }
    }

    /// The context of a conversion at the cursor: the history while it is current, else the
    /// text before the cursor, else none (the start of a sentence).
    public func context(textBeforeCursor: String?, documentIdentifier: UUID?) -> ConversionContext {
        if isCurrent(textBeforeCursor: textBeforeCursor, documentIdentifier: documentIdentifier) {
            return .history(segments)
        }
        if let textBeforeCursor, !textBeforeCursor.isEmpty { return .text(textBeforeCursor) }
        return .none
    }

    /// `committed` went into the document, leaving `textBeforeCursor` before the cursor.
    /// `continuing`: whether the cursor stood right after the history when it was committed
    /// (then the segments follow it; otherwise they start a new history). Nothing committed
    /// as segments (a space, a newline, kana the core failed to convert) drops the history.
    public mutating func record(
        _ committed: [CommittedSegment], continuing: Bool, textBeforeCursor: String?, documentIdentifier: UUID?
    ) {
        guard !committed.isEmpty else {
            drop()
            return
        }
        segments = Array(((continuing ? segments : []) + committed).suffix(ConversionContext.maximumSegments))
        tailBeforeCursor = textBeforeCursor.map { String($0.suffix(Self.comparedCharacters)) }
        self.documentIdentifier = documentIdentifier
    }

    /// Forgets the history: the cursor moved, the text changed, the field changed.
    public mutating func drop() {
        self = ConversionHistory()
    }
}
