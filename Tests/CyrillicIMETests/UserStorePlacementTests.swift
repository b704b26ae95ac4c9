import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard

/// The store follows the keyboard's access (docs/INTEGRATION.md): its own container without
/// Full Access, the App Group container with it, moving what was learned without losing it.
final class UserStorePlacementTests: XCTestCase {
    private let engine = RustCoreEngine.shared
    private var root: URL!
    private var placement: UserStorePlacement!

    override func setUpWithError() throws {
        let path = try compiledDictionaryPath()
        try engine.loadDictionary(atPath: path)
        root = FileManager.default.temporaryDirectory.appendingPathComponent("placement-\(UUID())")
        placement = UserStorePlacement(keyboardDirectory: root.appendingPathComponent("extension/CyrillicIME"),
                                       sharedDirectory: root.appendingPathComponent("group/CyrillicIME"))
    }

    override func tearDown() {
        engine.closeUserStore()
        if let root { try? FileManager.default.removeItem(at: root) }
    }

    private func learnKita() throws {
        _ = try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "北")]).get()
    }

    func testWithoutFullAccessTheStoreIsTheKeyboardsOwnAndLearns() throws {
        let opened = try placement.open(in: engine, hasFullAccess: false)
        XCTAssertEqual(opened.place, .keyboard)
        XCTAssertEqual(opened.info.directory, placement.keyboardDirectory.path)
        try learnKita()
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北")
        XCTAssertFalse(FileManager.default.fileExists(atPath: placement.sharedDirectory!.path), "nothing is written to the group")
    }

    func testWithoutAnAppGroupFullAccessChangesNothing() throws {
        let alone = UserStorePlacement(keyboardDirectory: placement.keyboardDirectory, sharedDirectory: nil)
        XCTAssertEqual(try alone.open(in: engine, hasFullAccess: true).place, .keyboard)
    }

    func testGivenFullAccessTheKeyboardsLearningAndWordsMoveToTheSharedPlace() throws {
        _ = try placement.open(in: engine, hasFullAccess: false)
        try learnKita()
        try engine.addUserWord(reading: "ぽちた", text: "ポチ太")

        let opened = try placement.open(in: engine, hasFullAccess: true)
        XCTAssertEqual(opened.place, .shared)
        XCTAssertEqual(opened.info.directory, placement.sharedDirectory!.path)
        XCTAssertFalse(opened.moved.isEmpty)
        XCTAssertEqual(opened.setAside, [])
        XCTAssertEqual(opened.warnings, [])
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北", "the learning came along")
        XCTAssertEqual(try engine.userWords().map(\.text), ["ポチ太"])
        let left = try FileManager.default.contentsOfDirectory(atPath: placement.keyboardDirectory.path)
        XCTAssertEqual(left, [], "the keyboard's copy is gone, so the two never diverge")
    }

    func testWordsTheAppAddedAndTheKeyboardsWordsAreBothKept() throws {
        // The settings app (with the group) adds a word while the keyboard has no Full Access;
        // the keyboard's own store already exists, so it does not start from the shared one.
        _ = try placement.open(in: engine, hasFullAccess: false)
        try engine.addUserWord(reading: "ぽちた", text: "ポチ太")
        try learnKita()
        _ = try engine.openUserStore(atDirectory: placement.sharedDirectory!.path)
        try engine.addUserWord(reading: "なかの", text: "中野")

        let opened = try placement.open(in: engine, hasFullAccess: true)
        XCTAssertEqual(opened.wordsAdded, 1)
        XCTAssertEqual(Set(try engine.userWords().map(\.text)), ["中野", "ポチ太"])
        XCTAssertEqual(opened.info.words, 2)
        XCTAssertFalse(opened.setAside.isEmpty, "the shared files the keyboard's replaced are set aside, not deleted")
        let aside = placement.sharedDirectory!.appendingPathComponent(UserStorePlacement.setAsideFolderName)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: aside.path).sorted(), opened.setAside.sorted())
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北", "the keyboard's learning moved")
    }

    func testAccessTakenAwayGoesOnFromACopyAndWhatWasLearnedMeanwhileComesBack() throws {
        _ = try placement.open(in: engine, hasFullAccess: true)
        try learnKita()
        try engine.addUserWord(reading: "なかの", text: "中野")

        let without = try placement.open(in: engine, hasFullAccess: false)
        XCTAssertEqual(without.place, .keyboard)
        XCTAssertFalse(without.copied.isEmpty, "the keyboard starts from the shared store it may read")
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北", "what was learned with Full Access still works")
        XCTAssertEqual(try engine.userWords().map(\.text), ["中野"])
        let before = try engine.convert(ConversionRequest("みなみ")).get()
        XCTAssertNotEqual(before.bestText, "皆見")
        _ = try engine.learn(reading: "みなみ", segments: [.init(reading: "みなみ", text: "皆見")]).get()

        let again = try placement.open(in: engine, hasFullAccess: true)
        XCTAssertEqual(again.place, .shared)
        XCTAssertEqual(again.warnings, [])
        XCTAssertEqual(try engine.convert(ConversionRequest("みなみ")).get().bestText, "皆見", "learned without Full Access, kept")
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北")
        XCTAssertEqual(try engine.userWords().map(\.text), ["中野"])
    }
}
