import Foundation
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard

/// What an app gets from the package besides the code: the dictionary found in its own bundle
/// (docs/INTEGRATION.md, "The dictionary") and the privacy manifests App Store review reads.
final class PackagingTests: XCTestCase {
    private let engine = RustCoreEngine.shared

    /// A bundle folder as an app's keyboard extension would have it, with `files` linked in.
    private func makeBundle(with files: [String: String]) throws -> Bundle {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("PackagingTests-\(UUID().uuidString).bundle")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        for (name, target) in files {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: target))
        }
        return try XCTUnwrap(Bundle(path: folder.path))
    }

    func testTheDictionaryIsFoundAmongABundlesResources() throws {
        let bundle = try makeBundle(with: ["mozc.cimedic": try compiledDictionaryPath()])
        let info = try engine.loadDictionary(in: bundle)
        XCTAssertTrue(info.path.hasSuffix("/mozc.cimedic"), info.path)
        XCTAssertTrue(info.path.hasPrefix(bundle.bundlePath), info.path)
        XCTAssertTrue(info.mapped, "the extension must map the file, not read it into its memory")
        XCTAssertEqual(try engine.convert(ConversionRequest("とうきょう")).get().bestText, "東京")
    }

    func testABundleWithoutTheDictionaryNamesWhatIsMissingAndKeepsTheLoadedOne() throws {
        try engine.loadDictionary(atPath: compiledDictionaryPath())
        let empty = try makeBundle(with: [:])
        XCTAssertNil(KanjiDictionaryLocation.url(in: empty))
        XCTAssertThrowsError(try engine.loadDictionary(in: empty)) { error in
            let message = (error as? DictionaryLoadError)?.message ?? ""
            XCTAssertTrue(message.contains("mozc.cimedic"), message)
            XCTAssertTrue(message.contains(empty.bundlePath), message)
        }
        XCTAssertEqual(engine.dictionaryInfo()?.path, try compiledDictionaryPath(), "the working dictionary stays")
    }

    /// Both library targets ship a privacy manifest that declares no tracking and the
    /// required-reason APIs their code calls.
    func testEachLibraryTargetShipsItsPrivacyManifest() throws {
        let manifests: [(name: String, bundle: Bundle, categories: [String: [String]])] = [
            ("CyrillicIME", BundledResources.bundle,
             ["NSPrivacyAccessedAPICategoryFileTimestamp": ["C617.1"]]),
            ("CyrillicIMEKeyboard", KeyboardResources.bundle,
             ["NSPrivacyAccessedAPICategoryUserDefaults": ["CA92.1", "1C8F.1"],
              "NSPrivacyAccessedAPICategorySystemBootTime": ["35F9.1"]]),
        ]
        for manifest in manifests {
            let url = try XCTUnwrap(
                manifest.bundle.url(forResource: "PrivacyInfo", withExtension: "xcprivacy"),
                "\(manifest.name) ships no PrivacyInfo.xcprivacy")
            let plist = try XCTUnwrap(
                PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any])
            XCTAssertEqual(plist["NSPrivacyTracking"] as? Bool, false, manifest.name)
            XCTAssertEqual((plist["NSPrivacyTrackingDomains"] as? [Any])?.count, 0, manifest.name)
            XCTAssertEqual((plist["NSPrivacyCollectedDataTypes"] as? [Any])?.count, 0, manifest.name)
            let declared = (plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []).reduce(into: [String: [String]]()) {
                $0[$1["NSPrivacyAccessedAPIType"] as? String ?? ""] = $1["NSPrivacyAccessedAPITypeReasons"] as? [String]
            }
            XCTAssertEqual(declared, manifest.categories, manifest.name)
        }
    }
}
