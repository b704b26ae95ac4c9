import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The data files ship inside the package's resource bundle and the core accepts them.
final class BundledResourcesTests: BundledEngineTestCase {
    func testProfilesJSONIsBundledAndHasAProfilesArray() throws {
        let url = try XCTUnwrap(BundledResources.url(of: BundledResources.profilesFileName))
        XCTAssertEqual(url.lastPathComponent, "profiles.json")
        let text = try BundledResources.text(of: BundledResources.profilesFileName)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let profiles = try XCTUnwrap(object["profiles"] as? [[String: Any]])
        XCTAssertFalse(profiles.isEmpty)
        XCTAssertTrue(profiles.contains { $0["id"] as? String == standardProfile })
    }

    func testKanaEngineJSONIsBundledAndHasAKanaInventory() throws {
        XCTAssertNotNil(BundledResources.url(of: BundledResources.kanaEngineFileName))
        let text = try BundledResources.text(of: BundledResources.kanaEngineFileName)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let kana = try XCTUnwrap(object["kana"] as? [String: String])
        XCTAssertEqual(kana["ka"], "か")
    }

    func testMissingResourcesAreReportedNotInvented() {
        XCTAssertNil(BundledResources.url(of: "no-such-file.json"))
        XCTAssertThrowsError(try BundledResources.text(of: "no-such-file.json")) { error in
            let message = (error as? RustCoreEngine.InitializationError)?.message ?? ""
            XCTAssertTrue(message.contains("no-such-file.json"), message)
        }
    }

    func testRunningEngineDescribesTheStandardProfile() throws {
        let profiles = try XCTUnwrap(RustCoreEngine.shared.profiles())
        let standard = try XCTUnwrap(profiles.first { $0.id == standardProfile })
        XCTAssertEqual(standard.rows.count, 5, "digits, three letter rows, function keys")
        XCTAssertFalse(standard.names.en.isEmpty)
        XCTAssertFalse(standard.names.ja.isEmpty)
        XCTAssertFalse(standard.names.native.isEmpty)
        XCTAssertEqual(standard.language, "ru")
        XCTAssertTrue(standard.rows.allSatisfy { !$0.isEmpty })
        // The rows the core reports are the ones in the bundled file.
        let text = try BundledResources.text(of: BundledResources.profilesFileName)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let fileProfiles = try XCTUnwrap(object["profiles"] as? [[String: Any]])
        let fileStandard = try XCTUnwrap(fileProfiles.first { $0["id"] as? String == standardProfile })
        XCTAssertEqual(fileStandard["rows"] as? [[String]], standard.rows)
        XCTAssertEqual((fileStandard["names"] as? [String: String])?["en"], standard.names.en)
    }

    func testSchemasAreBundled() throws {
        let schemas = ["schemas/profiles.schema.json", "schemas/japaneseKanaEngine.schema.json",
                       "schemas/conventionalSpellings.schema.json", "schemas/foreignLexicon.schema.json",
                       "schemas/foreignTranscriptions.schema.json"]
        let missing = schemas.filter { BundledResources.url(of: $0) == nil }
        try XCTSkipIf(missing.count == schemas.count,
                      "no JSON schemas in Sources/CyrillicIME/Resources/schemas yet (both data files reference them in $schema)")
        XCTAssertEqual(missing, [], "only some schemas are bundled")
        for schema in schemas {
            let text = try BundledResources.text(of: schema)
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), schema)
        }
        // Each data file's "$schema" points at one of the bundled schemas, relative to the file.
        let dataFiles = [BundledResources.profilesFileName, BundledResources.kanaEngineFileName, "conventionalSpellings.json",
                         "foreignLexicon.json", "foreignTranscriptions.json"]
        for (dataFile, schema) in zip(dataFiles, schemas) {
            let text = try BundledResources.text(of: dataFile)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let reference = try XCTUnwrap(object["$schema"] as? String, dataFile)
            XCTAssertEqual(reference, "./" + schema, dataFile)
        }
    }
}
