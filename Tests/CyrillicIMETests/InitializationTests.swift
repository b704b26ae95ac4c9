import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// `initialize` failures: the message names the file and the JSON path, and the engine
/// that was running keeps running.
final class InitializationTests: BundledEngineTestCase {
    private let engine = RustCoreEngine.shared



    private func bundled(_ name: String) throws -> String {
        try BundledResources.text(of: name)
    }

    /// Runs `initialize` and returns the error it throws, failing if it does not throw.
    private func initializationError(
        profiles: String, kana: String, file: StaticString = #filePath, line: UInt = #line
    ) -> RustCoreEngine.InitializationError? {
        do {
            try engine.initialize(profilesJSON: profiles, kanaEngineJSON: kana)
            XCTFail("initialize accepted invalid data", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func assertMessage(
        _ error: RustCoreEngine.InitializationError?, names file: String, path: String,
        fileID: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error else { return }
        XCTAssertTrue(error.message.hasPrefix(file + ": "), "should name \(file): \(error.message)", file: fileID, line: line)
        XCTAssertTrue(error.message.contains(": " + path), "should name the path \(path): \(error.message)", file: fileID, line: line)
        XCTAssertEqual(error.description, error.message, file: fileID, line: line)
    }

    func testInvalidProfilesJSONNamesTheFileAndPath() throws {
        let error = initializationError(profiles: "{ not json", kana: try bundled("japaneseKanaEngine.json"))
        assertMessage(error, names: "profiles.json", path: "$")
        XCTAssertTrue(error?.message.contains("invalid JSON") ?? false, error?.message ?? "")
    }

    func testInvalidKanaEngineJSONNamesTheFileAndPath() throws {
        let error = initializationError(profiles: try bundled("profiles.json"), kana: "[1,")
        assertMessage(error, names: "japaneseKanaEngine.json", path: "$[1]")
    }

    func testInvalidDataNamesTheExactPath() throws {
        // Valid JSON, but the rule for ка points at a kana id the inventory lacks.
        let profiles = try bundled("profiles.json")
        XCTAssertTrue(profiles.contains("\"ка\": \"ka\""), "the fixture edit below must change something")
        let broken = profiles.replacingOccurrences(of: "\"ка\": \"ka\"", with: "\"ка\": \"kx\"")
        let error = initializationError(profiles: broken, kana: try bundled("japaneseKanaEngine.json"))
        assertMessage(error, names: "profiles.json", path: "$.profiles[0].rules[\"ка\"]")
        XCTAssertTrue(error?.message.contains("kx") ?? false, error?.message ?? "")

        let kana = try bundled("japaneseKanaEngine.json")
        let newerVersion = kana.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2")
        XCTAssertNotEqual(newerVersion, kana)
        assertMessage(initializationError(profiles: profiles, kana: newerVersion),
                      names: "japaneseKanaEngine.json", path: "$.version")
    }

    func testEmptyDocumentsAreRejected() {
        assertMessage(initializationError(profiles: "", kana: ""), names: "japaneseKanaEngine.json", path: "$")
    }

    func testFailedReloadKeepsTheRunningEngine() throws {
        // Run an engine distinguishable from the bundled one: the same profile under another id.
        let renamed = try bundled("profiles.json")
            .replacingOccurrences(of: "\"id\": \"rus_standard\"", with: "\"id\": \"rus_renamed\"")
        try engine.initialize(profilesJSON: renamed, kanaEngineJSON: try bundled("japaneseKanaEngine.json"))
        let renamedIDs = try XCTUnwrap(engine.profiles()?.map(\.id))
        XCTAssertEqual(renamedIDs.first, "rus_renamed")
        XCTAssertFalse(renamedIDs.contains(standardProfile))
        XCTAssertEqual(typeText("коннитива", profile: "rus_renamed"), "こんにちわ")

        let error = initializationError(profiles: "{\"version\": 1, \"profiles\": [", kana: try bundled("japaneseKanaEngine.json"))
        assertMessage(error, names: "profiles.json", path: "$")

        // The renamed engine still runs: not the bundled one, and not none at all.
        XCTAssertEqual(engine.profiles()?.map(\.id), renamedIDs)
        let typed = typeTextDetailed("коннитива", profile: "rus_renamed")
        XCTAssertEqual(typed.inserted, "こんにちわ")
        XCTAssertEqual(typed.problems, [])
        XCTAssertEqual(engine.processKey("а", buffer: "", profileID: standardProfile)?.action, .error)
    }

    func testFailedReloadOfTheBundledEngineKeepsConverting() throws {
        _ = initializationError(profiles: try bundled("profiles.json"), kana: "not json")
        let typed = typeTextDetailed("коннитива", profile: standardProfile)
        XCTAssertEqual(typed.inserted, "こんにちわ")
        XCTAssertEqual(typed.problems, [])
    }

    func testSuccessfulReloadAfterAFailureWorks() throws {
        _ = initializationError(profiles: "{", kana: "{")
        XCTAssertNoThrow(try engine.initializeWithBundledResources())
        XCTAssertEqual(typeText("сэнсэй", profile: standardProfile), "せんせい")
    }
}
