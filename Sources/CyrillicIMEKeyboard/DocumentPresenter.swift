import CyrillicIME
import Foundation

/// Everything the keyboard does to the text field, and what it shows there uncommitted: the
/// composition or conversion as marked text (a focused segment selected) or inline, commits
/// in its place, and the keyboard's own edits around the cursor (delete, move, replace the
/// character before it). The controller decides what to show; this decides how, and
/// remembers what it showed, so the next change touches only what differs.
final class DocumentPresenter {
    private let proxy: TextDocumentProxy
    /// Marked or inline. The controller commits what is shown before it changes.
    var style: PendingInputStyle
    /// The uncommitted text shown (marked or inline), just before the cursor.
    private(set) var shownText = ""
    /// The selected range inside the marked text (the focused segment); `nil` puts the cursor
    /// at its end.
    private(set) var shownSelection: NSRange?
    /// The document around the cursor as the last key left it, to tell the host's own edits
    /// (the cursor moved by a tap) from echoes of ours. `nil` when nothing is left uncommitted.
    private var documentAsLeft: (before: String?, after: String?)?

    init(proxy: TextDocumentProxy, style: PendingInputStyle) {
        self.proxy = proxy
        self.style = style
    }

    /// Shows `text` uncommitted in place of what was shown, with `selection` inside it.
    func show(_ text: String, selection: NSRange? = nil) {
        commit("", thenShow: text, selection: selection)
    }

    /// Replaces what is shown with `committed`, as ordinary text, followed by `shown`,
    /// uncommitted (kana-only typing commits the kana and keeps the pending letters shown).
    func commit(_ committed: String, thenShow shown: String = "", selection: NSRange? = nil) {
        switch style {
        case .marked:
            if !committed.isEmpty {
                proxy.insertText(committed)  // replaces the marked text and ends marking
                shownText = ""
                shownSelection = nil
            }
            mark(shown, selection: selection)
        case .inline:
            rewriteInline(to: committed + shown)
        }
        shownText = shown
        shownSelection = shown.isEmpty ? nil : selection
    }

    /// Marks `text` with `selection` inside it, unless that is what is marked already.
    private func mark(_ text: String, selection: NSRange?) {
        func atEnd(_ text: String) -> NSRange { NSRange(location: text.utf16.count, length: 0) }
        let selected = selection ?? atEnd(text)
        guard text != shownText || selected != (shownSelection ?? atEnd(shownText)) else { return }
        if text.isEmpty {
            // An empty marked range would linger (and swallow the next delete) until unmarked.
            proxy.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
            proxy.unmarkText()
        } else {
            proxy.setMarkedText(text, selectedRange: selected)
        }
    }

    /// Inline style: turns what is shown (just before the cursor) into `wanted`, changing only
    /// what differs: д → дз inserts з, к → か deletes к and inserts か.
    private func rewriteInline(to wanted: String) {
        let shown = Array(shownText)
        let wanted = Array(wanted)
        let kept = zip(shown, wanted).prefix { $0 == $1 }.count
        for _ in kept..<shown.count { proxy.deleteBackward() }
        if kept < wanted.count { proxy.insertText(String(wanted[kept...])) }
    }

    /// The host committed what was shown where it stood (the person moved the cursor): it is
    /// no longer the keyboard's to change.
    func abandonShownText() {
        if style == .marked { proxy.unmarkText() }
        shownText = ""
        shownSelection = nil
        documentAsLeft = nil
    }

    // MARK: The document around the cursor

    /// Remembers the document around the cursor after a key, while something is left
    /// uncommitted (`leavesInput`), to recognise the host's echoes of our edits.
    func rememberDocument(leavesInput: Bool) {
        documentAsLeft = leavesInput ? (proxy.documentContextBeforeInput, proxy.documentContextAfterInput) : nil
    }

    /// Whether someone else changed the document around the uncommitted input since the
    /// last key left it (not an echo of the keyboard's own edits).
    var changedSinceLeft: Bool {
        guard let documentAsLeft else { return false }
        return documentAsLeft.before != proxy.documentContextBeforeInput
            || documentAsLeft.after != proxy.documentContextAfterInput
    }

    /// The committed text before the cursor: the document's, without the part of what is
    /// shown uncommitted that stands before the cursor. `nil` when the host does not say.
    var committedTextBeforeCursor: String? {
        guard let before = proxy.documentContextBeforeInput else { return nil }
        let shown = Array(shownText.utf16)
        // While converting, marked text has the focused segment selected: the cursor is there.
        let shownBeforeCursor = style == .marked
            ? min(max(shownSelection?.location ?? shown.count, 0), shown.count) : shown.count
        guard shownBeforeCursor > 0 else { return before }
        let units = Array(before.utf16)
        guard units.count >= shownBeforeCursor,
              units[(units.count - shownBeforeCursor)...].elementsEqual(shown[..<shownBeforeCursor])
        else { return before }
        return String(decoding: units.dropLast(shownBeforeCursor), as: UTF16.self)
    }

    /// The field typed into (`TextDocumentProxy.documentIdentifier`).
    var documentIdentifier: UUID? { proxy.documentIdentifier }
    /// What the host's field asks for (return key, kind, appearance, secure).
    var traits: HostTraits { proxy.traits }
    /// Whether the host's field holds any text.
    var hasText: Bool { proxy.hasText }

    /// The character just before the cursor, if the host says.
    var characterBeforeCursor: Character? { proxy.documentContextBeforeInput?.last }

    /// Deletes one user-perceived character before the cursor.
    func deleteBackward() {
        proxy.deleteBackward()
    }

    /// Replaces the character before the cursor with `text` (the dakuten key).
    func replaceCharacterBeforeCursor(with text: String) {
        proxy.deleteBackward()
        proxy.insertText(text)
    }

    /// Deletes the word before the cursor (`TextBoundaries.charactersInWord`).
    func deleteWordBeforeCursor() {
        guard let before = proxy.documentContextBeforeInput else {
            proxy.deleteBackward()
            return
        }
        for _ in 0..<TextBoundaries.charactersInWord(before: before) {
            proxy.deleteBackward()
        }
    }

    /// Moves over one user-perceived character, in UTF-16 units as iOS counts them.
    func moveCursor(forward: Bool) {
        let context = forward ? proxy.documentContextAfterInput : proxy.documentContextBeforeInput
        guard let context else {
            // The host does not say what is there: one unit is the best guess.
            proxy.adjustTextPosition(byCharacterOffset: forward ? 1 : -1)
            return
        }
        let length = forward
            ? TextBoundaries.utf16LengthOfCharacter(after: context)
            : TextBoundaries.utf16LengthOfCharacter(before: context)
        if length > 0 {
            proxy.adjustTextPosition(byCharacterOffset: forward ? length : -length)
        }
    }
}
