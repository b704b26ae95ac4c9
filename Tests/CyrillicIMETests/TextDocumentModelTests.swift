import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The in-memory document behaves like a UIKit text field seen through the proxy, in UTF-16.
final class TextDocumentModelTests: XCTestCase {
    func testMarkedTextIsReplacedThenCommittedByInsertText() {
        let document = InMemoryTextDocumentProxy(text: "😀")
        document.setMarkedText("к", selectedRange: NSRange(location: 1, length: 0))
        XCTAssertEqual(document.markedRange, NSRange(location: 2, length: 1), "after the emoji's two UTF-16 units")
        document.setMarkedText("дз", selectedRange: NSRange(location: 2, length: 0))
        XCTAssertEqual(document.text, "😀дз", "the marked text is replaced, not added to")
        XCTAssertEqual(document.documentContextBeforeInput, "😀дз", "marked text is part of the context")
        document.insertText("ざ")
        XCTAssertEqual(document.text, "😀ざ")
        XCTAssertNil(document.markedRange)
        XCTAssertEqual(document.cursorOffset, 3)
    }

    func testSelectedRangeIsClampedInsideTheMarkedText() {
        let document = InMemoryTextDocumentProxy()
        document.setMarkedText("ab", selectedRange: NSRange(location: 9, length: 9))
        XCTAssertEqual(document.selectedRange, NSRange(location: 2, length: 0))
        document.setMarkedText("abc", selectedRange: NSRange(location: 1, length: 1))
        XCTAssertEqual(document.selectedRange, NSRange(location: 1, length: 1))
    }

    func testDeleteBackwardTakesTheMarkedTextOrOneCharacter() {
        let document = InMemoryTextDocumentProxy(text: "e\u{301}🇯🇵")
        document.setMarkedText("дз", selectedRange: NSRange(location: 2, length: 0))
        document.deleteBackward()
        XCTAssertEqual(document.text, "e\u{301}🇯🇵", "the whole marked text")
        document.deleteBackward()
        XCTAssertEqual(document.text, "e\u{301}", "a flag is one character of four units")
        document.deleteBackward()
        XCTAssertEqual(document.text, "", "a letter with its combining accent")
        document.deleteBackward()
        XCTAssertFalse(document.hasText)
    }

    func testAnEmptyMarkedRangeLingersUntilUnmarked() {
        let document = InMemoryTextDocumentProxy(text: "ab")
        document.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
        XCTAssertEqual(document.markedRange, NSRange(location: 2, length: 0))
        document.deleteBackward()
        XCTAssertEqual(document.text, "ab", "the delete went to the empty marked text — why the keyboard unmarks it")
    }

    func testTypingReplacesASelectionAndCursorMovesCollapseIt() {
        let document = InMemoryTextDocumentProxy(text: "abcd")
        document.userSelects(NSRange(location: 1, length: 2))
        XCTAssertEqual(document.documentContextBeforeInput, "a")
        XCTAssertEqual(document.documentContextAfterInput, "d")
        document.adjustTextPosition(byCharacterOffset: -1)
        XCTAssertEqual(document.selectedRange, NSRange(location: 3, length: 0), "a selection collapses to its end")
        document.userSelects(NSRange(location: 1, length: 2))
        document.insertText("X")
        XCTAssertEqual(document.text, "aXd")
        document.adjustTextPosition(byCharacterOffset: -99)
        XCTAssertEqual(document.cursorOffset, 0, "clamped to the document")
    }

    func testWordDeletionFollowsJapaneseBoundaries() {
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "один два "), 4, "the space and два")
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "これはコーヒー"), 4, "the katakana run with its ー")
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "とーきょー"), 5)
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "日本語です。"), 1, "punctuation first")
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "日本語です"), 2)
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "日本語"), 3)
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "ab👍🏽👍🏽"), 2, "symbols are counted in characters")
        XCTAssertEqual(TextBoundaries.charactersInWord(before: "   "), 3)
        XCTAssertEqual(TextBoundaries.charactersInWord(before: ""), 0)
    }

    func testQwertyPositionsMapOntoTheProfilesRows() throws {
        restoreBundledEngine()
        let profile = try XCTUnwrap(RustCoreEngine.shared.profiles()?.first { $0.id == standardProfile })
        let map = QwertyKeyMap(rows: profile.rows)
        XCTAssertEqual(map.map("qwerty"), "йцукен")
        XCTAssertEqual(map.map("[];',./`"), "хъжэбюё`")
        XCTAssertEqual(map.map("Rjyybnbdf"), "Коннитива")
        XCTAssertEqual(map.map("5 :-?"), "5 :-?", "keys without a letter type themselves")
    }

    func testTheSVGDrawsEveryKeyCap() throws {
        restoreBundledEngine()
        let profile = try XCTUnwrap(RustCoreEngine.shared.profiles()?.first { $0.id == standardProfile })
        let layout = try KeyboardLayout(rows: profile.rows, environment: LayoutEnvironment(width: 375, showsGlobeKey: true))
        let svg = KeyboardSVG.render(layout, profile: profile)
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"375.00\" height=\"270.00\""))
        XCTAssertEqual(svg.components(separatedBy: "<rect").count - 1, layout.keys.count + 1)
        XCTAssertTrue(svg.contains(">й</text>"))
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
    }
}
