import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The keys Japanese needs: ー, 、 and 。 on the letters, the symbols layer behind `{mode}`
/// with its second page behind `{shift}`, the width setting, and the layers' geometry and
/// VoiceOver names, on every bundled profile.
final class KeyboardLayerTests: BundledEngineTestCase {
    /// How each profile spells the kana the sessions need (from docs/PROFILES.md).
    private let spellings: [String: (ko: String, hi: String, ha: String, i: String)] = [
        "rus_standard": ("ко", "хи", "ха", "и"),
        "srp": ("ко", "хи", "ха", "и"),
        "ukr": ("ко", "хі", "ха", "і"),
        "bel": ("ко", "хі", "ха", "і"),
        "bul": ("ко", "хи", "ха", "и"),
        "romaji": ("ko", "hi", "ha", "i"),
    ]

    /// A person at the keyboard: taps only keys shown on the current layer. To reach a key
    /// that is not shown, taps `{mode}` (and a layer's `{shift}` to turn its pages) as a
    /// person would look for it, at most once round every layer and page.
    private struct Typist {
        let keyboard: KeyboardHarness
        var taps: [String] = []

        var shown: [String] { keyboard.controller.currentRows.flatMap { $0 } }

        mutating func tap(_ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
            XCTAssertTrue(shown.contains(label), "\(label) is not on \(keyboard.controller.layer)", file: file, line: line)
            keyboard.controller.tap(try KeyboardKey(label: label))
            taps.append(label)
        }

        /// Taps the key labelled `label`, switching layers and pages until it is shown.
        mutating func find(_ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
            let profile = keyboard.profiles.current
            for _ in 0..<profile.allPositions.count where !shown.contains(label) {
                let position = keyboard.controller.layer
                let layerPages = profile.layers.first { $0.id == position.layer }?.pages.count ?? 1
                // Turn the pages of a layer before leaving it.
                if !position.isLetters, position.page + 1 < layerPages {
                    try tap("{shift}", file: file, line: line)
                } else {
                    try tap("{mode}", file: file, line: line)
                }
            }
            try tap(label, file: file, line: line)
        }

        mutating func type(_ labels: [String], file: StaticString = #filePath, line: UInt = #line) throws {
            for label in labels { try find(label, file: file, line: line) }
        }
    }

    private func keys(_ text: String) -> [String] { text.map(String.init) }

    private func typist(_ profileID: String) throws -> Typist {
        let keyboard = try KeyboardHarness()
        XCTAssertTrue(keyboard.controller.selectProfile(profileID))
        return Typist(keyboard: keyboard)
    }

    func testEveryProfileTypesCoffeeAndAFullStopWithKeysOnly() throws {
        let profiles = try XCTUnwrap(RustCoreEngine.shared.profiles())
        XCTAssertEqual(Set(profiles.map(\.id)), Set(spellings.keys), "a spelling for every bundled profile")
        for profile in profiles {
            let spelling = try XCTUnwrap(spellings[profile.id])
            var typist = try typist(profile.id)
            try typist.type(["{shift}", "{shift}"])  // double tap: katakana locked
            XCTAssertEqual(typist.keyboard.controller.shift.mode, .locked, profile.id)
            try typist.type(keys(spelling.ko) + ["ー"] + keys(spelling.hi) + ["ー", "。"])
            typist.keyboard.controller.keyboardWillHide()
            XCTAssertEqual(typist.keyboard.document.text, "コーヒー。", "\(profile.id): \(typist.taps)")
            XCTAssertNil(typist.keyboard.controller.lastError, profile.id)
            // Where 、 and 。 fit, they are on the letters: no {mode} tap was needed.
            let onLetters = profile.rows.joined().contains("。")
            XCTAssertEqual(typist.taps.contains("{mode}"), !onLetters, "\(profile.id): \(typist.taps)")
        }
    }

    func testEveryProfileTypesAQuotedYesAndAQuestionMarkWithKeysOnly() throws {
        for profile in try XCTUnwrap(RustCoreEngine.shared.profiles()) {
            let spelling = try XCTUnwrap(spellings[profile.id])
            var typist = try typist(profile.id)
            try typist.type(["「"] + keys(spelling.ha) + keys(spelling.i) + ["」", "？"])
            typist.keyboard.controller.keyboardWillHide()
            XCTAssertEqual(typist.keyboard.document.text, "「はい」？", "\(profile.id): \(typist.taps)")
            XCTAssertEqual(typist.taps.filter { $0 == "{mode}" }.count, 3, "\(profile.id): to the symbols, back, to the symbols")
        }
    }

    func testTheSymbolsLayerReturnsToTheLettersAfterASpace() throws {
        var typist = try typist(standardProfile)
        try typist.tap("{mode}")
        XCTAssertEqual(typist.keyboard.controller.layer, KeyboardLayerPosition(layer: "symbols", page: 0))
        try typist.tap("1")
        try typist.tap("{shift}")
        XCTAssertEqual(typist.keyboard.controller.layer, KeyboardLayerPosition(layer: "symbols", page: 1), "shift turns the page")
        XCTAssertEqual(typist.keyboard.controller.shift.mode, .off, "and is not the katakana shift there")
        try typist.tap("【")
        try typist.tap("{shift}")
        XCTAssertEqual(typist.keyboard.controller.layer.page, 0, "after the last page, the first")
        try typist.tap("{space}")
        XCTAssertEqual(typist.keyboard.controller.layer, .letters, "a space brings the letters back")
        try typist.tap("к")
        try typist.tap("{mode}")
        XCTAssertEqual(typist.keyboard.controller.buffer, "к", "switching layers keeps what is pending")
        try typist.tap("、")
        try typist.tap("{mode}")
        XCTAssertEqual(typist.keyboard.controller.layer, .letters)
        try typist.tap("{mode}")
        typist.keyboard.controller.selectProfile("srp")
        XCTAssertEqual(typist.keyboard.controller.layer, .letters, "another profile starts on its letters")
        XCTAssertEqual(typist.keyboard.document.text, "1【 к、")
    }

    func testTheWidthSettingChangesDigitsAndPunctuation() throws {
        var typist = try typist(standardProfile)
        XCTAssertEqual(typist.keyboard.controller.widths, .standard)
        try typist.type(["к", "а", "1", "2", "、", "？", "「"])
        typist.keyboard.controller.widths = OutputWidths(digits: .full, punctuation: .half)
        try typist.type(["к", "а", "1", "2", "、", "？", "「"])
        typist.keyboard.controller.keyboardWillHide()
        XCTAssertEqual(typist.keyboard.document.text, "か12、？「か１２,?「")

        let stores = [InMemorySettingsStore([KeyboardSettings.StoreKey.digitWidth: "full",
                                            KeyboardSettings.StoreKey.punctuationWidth: "half"])]
        XCTAssertEqual(KeyboardSettings(stores: stores).widths, OutputWidths(digits: .full, punctuation: .half))
        XCTAssertEqual(KeyboardSettings(stores: []).widths, OutputWidths(digits: .half, punctuation: .full),
                       "what Japanese writers expect: half-width digits, full-width punctuation")
        let nonsense = InMemorySettingsStore([KeyboardSettings.StoreKey.digitWidth: "wide"])
        XCTAssertEqual(KeyboardSettings(stores: [nonsense]).widths, .standard)
        XCTAssertEqual(OutputWidths(digits: .full, punctuation: .half).qualifying("srp:katakana"),
                       "srp:katakana:fullwidth_digits:halfwidth_punctuation")
    }

    func testEveryLayerOfEveryProfileKeepsTheMinimumTouchWidthAt320Points() throws {
        for profile in try XCTUnwrap(RustCoreEngine.shared.profiles()) {
            XCTAssertEqual(profile.allPositions.count, 3, "\(profile.id): letters and two symbols pages")
            for position in profile.allPositions {
                let rows = profile.rows(at: position)
                XCTAssertEqual(rows.count, 5, "\(profile.id) \(position)")
                for globe in [false, true] {
                    let layout = try KeyboardLayout(rows: rows, environment: LayoutEnvironment(width: 320, showsGlobeKey: globe))
                    XCTAssertGreaterThanOrEqual(layout.narrowestTouchWidth, KeyboardLayout.guaranteedMinimumTouchWidth,
                                                "\(profile.id) \(position) globe \(globe)")
                    XCTAssertEqual(layout.keys.count, rows.joined().count + (globe ? 1 : 0), "\(profile.id) \(position)")
                    XCTAssertEqual(layout.keys.filter { $0.key == .mode }.count, 1, "\(profile.id) \(position): one {mode} key")
                    XCTAssertEqual(layout.width, 320)
                }
            }
            // The letter layer: ー on every profile; 、 and 。 wherever 12 keys per row leave room.
            let letters = profile.rows[1...3].flatMap { $0 }
            XCTAssertTrue(letters.contains("ー"), profile.id)
            let widest = profile.rows[1...3].map(\.count).max() ?? 0
            XCTAssertLessThanOrEqual(widest, 12, profile.id)
            if !letters.contains("。") {
                XCTAssertEqual(profile.rows[1...3].map(\.count).reduce(0, +) + 2, 12 * 3 + 1,
                               "\(profile.id): 、。 left the letters only because two more keys would make a 13-key row")
            }
        }
    }

    func testEveryNewKeyHasAVoiceOverNameInTheProfilesLanguageAndInJapanese() throws {
        let named = ["ー", "、", "。", "・", "「", "」", "『", "』", "〜", "…"]
        for profile in try XCTUnwrap(RustCoreEngine.shared.profiles()) {
            for position in profile.allPositions {
                for label in profile.rows(at: position).joined() {
                    let key = try KeyboardKey(label: label)
                    // New: every symbol, ー 、 。, {mode}, and {shift} where it turns pages
                    // (space, delete and return keep their old names).
                    let isNew = (!position.isLetters && (key.isCharacter || key == .shift)) || named.contains(label) || key == .mode
                    guard isNew else { continue }
                    let shown = KeyAccessibility.Keyboard(profile: profile, next: profile, shift: .off, position: position)
                    let spoken = KeyAccessibility.describe(key, on: shown, engine: RustCoreEngine.shared)
                    let context = "\(profile.id) \(position) \(label)"
                    XCTAssertFalse(spoken.label.isEmpty || spoken.label.contains("{mode}") || spoken.label.contains("{shift}"), context)
                    XCTAssertEqual(spoken.language, profile.language, context)
                    let japanese = try XCTUnwrap(spoken.japaneseLabel, context)
                    XCTAssertFalse(japanese.isEmpty, context)
                    if named.contains(label) || key == .mode || key == .shift {
                        XCTAssertNotEqual(spoken.label, label, "\(context): named, not spelled")
                        XCTAssertNotEqual(japanese, label, "\(context): named in Japanese")
                        XCTAssertNotEqual(japanese, spoken.label, context)
                    }
                }
            }
        }
        let russian = try XCTUnwrap(RustCoreEngine.shared.profiles()?.first { $0.id == standardProfile })
        let long = KeyAccessibility.describe(.character("ー"), on: .init(profile: russian, next: russian, shift: .off), engine: RustCoreEngine.shared)
        XCTAssertEqual(long, KeyAccessibility(label: "знак долготы", hint: "Types ー.", language: "ru", japaneseLabel: "長音記号"))
        let mode = KeyAccessibility.describe(.mode, on: .init(profile: russian, next: russian, shift: .off), engine: RustCoreEngine.shared)
        XCTAssertEqual(mode.value, "123", "on the letters the mode key leads to the symbols")
        let symbols = KeyAccessibility.Keyboard(
            profile: russian, next: russian, shift: .off, position: KeyboardLayerPosition(layer: "symbols"))
        let back = KeyAccessibility.describe(.mode, on: symbols, engine: RustCoreEngine.shared)
        XCTAssertEqual(back.value, "あ")
        XCTAssertEqual(KeyboardSVG.title(of: .shift, profile: russian, at: KeyboardLayerPosition(layer: "symbols")), "#+=")
        XCTAssertEqual(KeyboardSVG.title(of: .shift, profile: russian, at: KeyboardLayerPosition(layer: "symbols", page: 1)), "123")
        XCTAssertEqual(KeyboardSVG.title(of: .shift, profile: russian), "⇧")
    }

    func testTheTerminalReachesTheSymbolsByPlace() throws {
        let russian = try XCTUnwrap(RustCoreEngine.shared.profiles()?.first { $0.id == standardProfile })
        let symbols = russian.rows(at: KeyboardLayerPosition(layer: "symbols"))
        let map = LayerKeyMap(from: russian.rows, to: symbols)
        XCTAssertEqual(map.map("й"), "、")
        XCTAssertEqual(map.map("Ц"), "。")
        XCTAssertEqual(map.map("ф"), "「")
        XCTAssertEqual(map.map("1"), "1")
        XCTAssertEqual(map.map("ъ"), "ъ", "no symbol at the 12th place of a 10-key row: the key itself")
        XCTAssertEqual(LayerKeyMap(from: russian.rows, to: russian.rows).map("й"), "й")
    }
}
