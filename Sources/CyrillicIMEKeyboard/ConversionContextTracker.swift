import CyrillicIME
import Foundation

/// The context of the next conversion (docs/KEYBOARD.md, "Context"): the keyboard's history of
/// what it committed just before the cursor while the cursor stays there, else the text before
/// the cursor. The rules of when the history holds are `ConversionHistory`'s; this reads the
/// document for it (through the presenter, which knows what of it is the keyboard's own
/// uncommitted text) and records each commit.
final class ConversionContextTracker {
    private(set) var history = ConversionHistory()
    /// False in a private field (`HostField`): commits are made but never recorded, so
    /// nothing typed there becomes the context, the next words or the learning of the next one.
    var recordsHistory = true
    private let document: DocumentPresenter

    init(document: DocumentPresenter) {
        self.document = document
    }

    /// Whether the cursor still stands right after the history, in the same field.
    var isHistoryCurrent: Bool {
        history.isCurrent(textBeforeCursor: document.committedTextBeforeCursor, documentIdentifier: document.documentIdentifier)
    }

    /// The context of a conversion or prediction at the cursor now. A history the cursor has
    /// left (a host that did not say so) goes here at the latest.
    func context() -> ConversionContext {
        // The document is read once: on device each read asks the host.
        let before = document.committedTextBeforeCursor
        let field = document.documentIdentifier
        if !history.isEmpty, !history.isCurrent(textBeforeCursor: before, documentIdentifier: field) { history.drop() }
        return history.context(textBeforeCursor: before, documentIdentifier: field)
    }

    /// Commits `text` in place of what is shown (then shows `shown`, uncommitted) and records
    /// it: `segments` join the history, or start a new one if the cursor had left it; anything
    /// committed without segments (a space, a newline, kana the core could not convert, kana
    /// typed in a kana-only profile) ends the history.
    func commit(_ text: String, as segments: [CommittedSegment] = [], thenShow shown: String = "") {
        let continuing = !history.isEmpty && isHistoryCurrent
        document.commit(text, thenShow: shown)
        guard !segments.isEmpty, recordsHistory else {
            history.drop()  // without reading the document: on device each read asks the host
            return
        }
        history.record(
            segments, continuing: continuing, textBeforeCursor: document.committedTextBeforeCursor,
            documentIdentifier: document.documentIdentifier)
    }

    /// Commits one word the writer tapped (a prediction, a next word) with its whole reading,
    /// as one segment; returns the choice to learn, after what stood before it.
    func commitWord(_ text: String, reading: String) -> ConversionChoice {
        let before = context()
        commit(text, as: [CommittedSegment(reading: reading, text: text)])
        return ConversionChoice(reading: reading, segments: [.init(reading: reading, text: text)], context: before)
    }

    /// The keyboard moved the cursor or edited the text outside what it composes, the host
    /// says the cursor moved, or the keyboard hides: the history ends.
    func forget() {
        history.drop()
    }

    /// The host says the document changed: if the cursor is no longer right after the
    /// history (moved, text changed under it, another field), the history goes. Returns
    /// whether it went.
    func forgetIfCursorLeft() -> Bool {
        guard !history.isEmpty, !isHistoryCurrent else { return false }
        history.drop()
        return true
    }
}
