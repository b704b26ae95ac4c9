import Foundation
import XCTest
@testable import CyrillicIME
import CyrillicIMEKeyboard

/// The user store through `RustCoreEngine` (docs/LEARNING.md), on the compiled Mozc dictionary
/// (`compiledDictionaryPath()`), each test in a fresh directory.
final class UserStoreTests: XCTestCase {
    private let engine = RustCoreEngine.shared
    private var directory: URL!

    override func setUpWithError() throws {
        try engine.loadDictionary(atPath: compiledDictionaryPath())
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID())")
    }

    override func tearDown() {
        engine.closeUserStore()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    func testAChoiceIsLearnedAndComesFirstAlsoAfterReopening() throws {
        let fresh = try engine.openUserStore(atDirectory: directory.path)
        XCTAssertEqual(fresh.learned, 0)
        XCTAssertTrue(fresh.persistent)
        let before = try engine.convert(ConversionRequest("きた")).get()
        XCTAssertNotEqual(before.segments.first?.candidates.first, "北", "北 is not first before it is chosen")
        XCTAssertEqual(try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "北")]).get(), StoreSave(saved: true))
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北")
        engine.closeUserStore()
        XCTAssertNotEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北", "a closed store is not consulted")
        let reopened = try engine.openUserStore(atDirectory: directory.path)
        XCTAssertGreaterThan(reopened.learned, 0)
        XCTAssertEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北", "the choice was saved")
    }

    func testUserWordsConvertAndCanBeRemoved() throws {
        try engine.openUserStore(atDirectory: directory.path)
        XCTAssertEqual(try engine.addUserWord(reading: "ぽちた", text: "ポチ太"), UserStoreChange(value: [UserWord(reading: "ぽちた", text: "ポチ太")], save: StoreSave(saved: true)))
        XCTAssertEqual(try engine.convert(ConversionRequest("ぽちた")).get().bestText, "ポチ太")
        XCTAssertEqual(try engine.userWords().map(\.text), ["ポチ太"])
        XCTAssertEqual(try engine.removeUserWord(reading: "ぽちた", text: "ポチ太").value, [])
        XCTAssertNotEqual(try engine.convert(ConversionRequest("ぽちた")).get().bestText, "ポチ太")
    }

    func testAUserWordKeepsItsClassAndAnUnknownClassIsRefusedWithTheList() throws {
        try engine.openUserStore(atDirectory: directory.path)
        let added = try engine.addUserWord(reading: "ぽちた", text: "ポチ太", wordClass: "given-name")
        XCTAssertEqual(added.value, [UserWord(reading: "ぽちた", text: "ポチ太", wordClass: "given-name")])
        try engine.addUserWord(reading: "さっぽろ", text: "サッポロ")
        XCTAssertEqual(try engine.userWords().map(\.wordClass), ["noun", "given-name"], "the default is a noun")
        XCTAssertThrowsError(try engine.addUserWord(reading: "ぬこ", text: "猫", wordClass: "cat")) { error in
            let message = (error as? UserStoreError)?.message ?? ""
            XCTAssertTrue(message.contains("unknown word class \"cat\": expected one of noun, proper-noun, name, surname"), message)
        }
        XCTAssertEqual(try engine.userWords().count, 2, "nothing added")
        engine.closeUserStore()
        try engine.openUserStore(atDirectory: directory.path)
        XCTAssertEqual(try engine.userWords().first { $0.text == "ポチ太" }?.wordClass, "given-name", "the class was saved")
    }

    func testAWordListWithoutClassesDecodesAsNouns() throws {
        let list = try JSONDecoder().decode([UserWord].self, from: Data(#"[{"reading":"ぬこ","text":"猫"}]"#.utf8))
        XCTAssertEqual(list, [UserWord(reading: "ぬこ", text: "猫", wordClass: "noun")])
    }

    func testForgettingEverythingForgetsTheChoices() throws {
        try engine.openUserStore(atDirectory: directory.path)
        _ = try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "北")]).get()
        let forgotten = try engine.forgetEverything()
        XCTAssertEqual(forgotten.value, 2, "the choice and the phrase")
        XCTAssertTrue(forgotten.save.saved)
        XCTAssertNotEqual(try engine.convert(ConversionRequest("きた")).get().bestText, "北")
    }

    func testForgettingAReadingForgetsEveryTextLearnedForIt() throws {
        try engine.openUserStore(atDirectory: directory.path)
        _ = try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "北")]).get()
        _ = try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "来た")]).get()
        XCTAssertEqual(engine.userStoreInfo()?.learned, 4, "two segment choices and two phrases")
        XCTAssertEqual(try engine.forget(reading: "キタ").value, 4, "katakana forgets the hiragana reading")
        XCTAssertEqual(engine.userStoreInfo()?.learned, 0)
        XCTAssertEqual(try engine.forget(reading: "きた").value, 0)
    }

    func testTheStoreDescriptionFollowsChangesAndClosing() throws {
        XCTAssertNil(engine.userStoreInfo(), "no store open")
        try engine.openUserStore(atDirectory: directory.path)
        XCTAssertEqual(engine.userStoreInfo()?.learned, 0)
        try engine.addUserWord(reading: "ぽちた", text: "ポチ太")
        _ = try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "北")]).get()
        let info = try XCTUnwrap(engine.userStoreInfo())
        XCTAssertEqual([info.learned, info.words], [2, 1])
        XCTAssertEqual(info.directory, directory.path)
        engine.closeUserStore()
        XCTAssertNil(engine.userStoreInfo())
    }

    func testAFailedSaveIsReportedAndTheChoiceStillCountsForTheSession() throws {
        try engine.openUserStore(atDirectory: directory.path)
        XCTAssertTrue(try engine.learn(reading: "きた", segments: [.init(reading: "きた", text: "北")]).get().saved)
        // The review's case: the store's folder removed after a commit.
        try FileManager.default.removeItem(at: directory)
        let save = try engine.learn(reading: "はし", segments: [.init(reading: "はし", text: "端")]).get()
        XCTAssertFalse(save.saved)
        let problem = try XCTUnwrap(save.problem)
        XCTAssertTrue(problem.contains(directory.path), "the warning names the store: \(problem)")
        XCTAssertEqual(try engine.convert(ConversionRequest("はし")).get().bestText, "端", "learned for this session")
        let added = try engine.addUserWord(reading: "ぽちた", text: "ポチ太")
        XCTAssertFalse(added.save.saved, "a word added is not saved either")
        XCTAssertEqual(added.value, [UserWord(reading: "ぽちた", text: "ポチ太")])
        // Through the keyboard's protocol: the outcome the keyboard shows.
        let outcome = engine.learn(ConversionChoice(reading: "はし", segments: [.init(reading: "はし", text: "端")]))
        guard case .notSaved(let reason) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertTrue(reason.contains(directory.path), reason)
        XCTAssertEqual(engine.learn(ConversionChoice(reading: "はし", segments: [.init(reading: "", text: "端")])),
                       .notLearned("$segments[0].reading is empty"))
    }

    func testBadRequestsAndNoStoreAreNamedErrors() throws {
        XCTAssertThrowsError(try engine.userWords()) { error in
            XCTAssertTrue((error as? UserStoreError)?.message.contains("no user store open") == true, "\(error)")
        }
        try engine.openUserStore(atDirectory: directory.path)
        XCTAssertThrowsError(try engine.addUserWord(reading: "", text: "x")) { error in
            XCTAssertTrue((error as? UserStoreError)?.message.contains("reading") == true, "\(error)")
        }
    }

    func testADamagedFileIsSetAsideWithAWarning() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("not a learning file".utf8).write(to: directory.appendingPathComponent("learning.cime"))
        let info = try engine.openUserStore(atDirectory: directory.path)
        XCTAssertEqual(info.learned, 0)
        XCTAssertFalse(info.warnings.isEmpty)
        XCTAssertTrue(info.warnings.joined().contains("learning.cime"), "\(info.warnings)")
        XCTAssertEqual(try engine.convert(ConversionRequest("きょう")).get().bestText, "今日", "conversion goes on")
    }
}
