import CyrillicIME
import Foundation

/// The context of a conversion (docs/KEYBOARD.md, "Context"): the keyboard's `history` of what
/// it committed just before the cursor while the cursor stays there, else the text before the
/// cursor. The rules of when the history holds are `ConversionHistory`'s; this only reads the
/// document for it and keeps the next-word bar in step.
extension KeyboardController {
    /// The committed text before the cursor: the document's, without the part of the keyboard's
    /// own uncommitted text (marked or inline) that stands before the cursor. `nil` when the
    /// host does not say.
    var committedTextBeforeCursor: String? {
        guard let before = proxy.documentContextBeforeInput else { return nil }
        let shown = Array(displayedText.utf16)
        // While converting, marked text has the focused segment selected: the cursor is there.
        let shownBeforeCursor = pendingInputStyle == .marked
            ? min(max(displayedSelection?.location ?? shown.count, 0), shown.count) : shown.count
        guard shownBeforeCursor > 0 else { return before }
        let units = Array(before.utf16)
        guard units.count >= shownBeforeCursor,
              units[(units.count - shownBeforeCursor)...].elementsEqual(shown[..<shownBeforeCursor])
        else { return before }
        return String(decoding: units.dropLast(shownBeforeCursor), as: UTF16.self)
    }

    /// Whether the cursor still stands right after the history, in the same field.
    var isHistoryCurrent: Bool {
        history.isCurrent(textBeforeCursor: committedTextBeforeCursor, documentIdentifier: proxy.documentIdentifier)
    }

    /// The context of a conversion or prediction at the cursor now. A history the cursor has
    /// left (a host that did not say so) goes here at the latest.
    func conversionContext() -> ConversionContext {
        // The document is read once: on device each read asks the host.
        let before = committedTextBeforeCursor
        let field = proxy.documentIdentifier
        if !history.isEmpty, !history.isCurrent(textBeforeCursor: before, documentIdentifier: field) { forgetHistory() }
        return history.context(textBeforeCursor: before, documentIdentifier: field)
    }

    /// After a commit: the bar offers the words that usually follow the history. Tapping one
    /// commits it (`chooseCandidate`); a letter typed instead clears them.
    func offerNextWords() {
        guard !history.isEmpty, inputState == .idle else { return }
        switch engine.nextWords(after: .history(history.segments), limit: CandidateBar.defaultPageSize) {
        case .success(let words): candidateBar.showPredictions(words)
        case .failure: candidateBar.clear()  // no dictionary: no next words, typing goes on
        }
    }

    /// The keyboard moved the cursor or edited the text outside what it composes (backspace,
    /// a space or newline, the dakuten key on the text, the cursor keys), or the keyboard
    /// hides: the history ends, and with it the next words offered.
    func forgetHistory() {
        history.drop()
        if inputState == .idle { candidateBar.clear() }
    }

    /// The host says the document changed: if the cursor is no longer right after the
    /// history (moved, text changed under it, another field), the history goes. Returns
    /// whether it went.
    @discardableResult
    func dropHistoryIfMoved() -> Bool {
        guard !history.isEmpty, !isHistoryCurrent else { return false }
        forgetHistory()
        return true
    }
}
