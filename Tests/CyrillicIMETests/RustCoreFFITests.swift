import CCyrillicIMECore
import CCyrillicIMECoreTesting
import XCTest
@testable import CyrillicIME
@testable import CyrillicIMEKeyboard
import CyrillicIMETestSupport

/// The C ABI seen from Swift: caught panics become `nil` and the documented fallback,
/// a poisoned engine lock is recovered, and the library implements the header's ABI version.
final class RustCoreFFITests: BundledEngineTestCase {
    /// An engine whose `rust_process_key` is replaced by a real Rust panic caught by
    /// the export guard, which therefore returns NULL.
    private func panickingEngine() -> RustCoreEngine {
        RustCoreEngine(processKeyFunction: { _, _, _ in rust_test_panic(false) })
    }

    func testCaughtPanicReturnsNil() {
        XCTAssertNil(panickingEngine().processKey("а", buffer: "к", profileID: standardProfile))
    }

    func testCaughtPanicFallsBackToTheInputAsTyped() {
        let engine = panickingEngine()

        let letter = engine.processKeyOrFallback("а", buffer: "к", profileID: standardProfile)
        XCTAssertEqual(letter.output, "ка")
        XCTAssertEqual(letter.buffer, "")
        XCTAssertEqual(letter.action, .error)
        XCTAssertNotNil(letter.error)
        XCTAssertEqual(letter, .fallback(key: "а", buffer: "к"))

        let space = engine.processKeyOrFallback(EngineKey.space, buffer: "н", profileID: standardProfile)
        XCTAssertEqual(space.output, "н ")
        XCTAssertEqual(space.action, .error)

        let enter = engine.processKeyOrFallback(EngineKey.enter, buffer: "н", profileID: standardProfile)
        XCTAssertEqual(enter.output, "н\n")

        let flush = engine.processKeyOrFallback(EngineKey.flush, buffer: "дз", profileID: standardProfile)
        XCTAssertEqual(flush.output, "дз")
        XCTAssertEqual(flush.buffer, "")

        let backspace = engine.processKeyOrFallback(EngineKey.backspace, buffer: "", profileID: standardProfile)
        XCTAssertEqual(backspace, ConversionResult(output: "", buffer: "", action: .deleteBackward))

        // With something pending, a backspace that failed still deletes the last pending letter.
        let pendingBackspace = engine.processKeyOrFallback(EngineKey.backspace, buffer: "дз", profileID: standardProfile)
        XCTAssertEqual(pendingBackspace, ConversionResult(output: "", buffer: "д", action: .compose))
        let lastBackspace = engine.processKeyOrFallback(EngineKey.backspace, buffer: "к", profileID: standardProfile)
        XCTAssertEqual(lastBackspace, ConversionResult(output: "", buffer: "", action: .commit))
    }

    func testTypingThroughAPanickingCoreLosesNoKeystroke() {
        let engine = panickingEngine()
        let typed = typeTextDetailed("ка 😀", profile: standardProfile, engine: engine)
        XCTAssertEqual(typed.inserted, "ка 😀")
        XCTAssertEqual(typed.problems.count, 5, "four keys and the flush: \(typed.problems)")
    }

    func testPanicWhileHoldingTheEngineLockIsRecovered() {
        XCTAssertNil(RustCoreEngine.takeString(rust_test_panic(true)))

        // The lock is poisoned now; every entry point must recover it.
        let engine = RustCoreEngine.shared
        XCTAssertEqual(typeText("коннитива", profile: standardProfile), "こんにちわ")
        XCTAssertEqual(engine.processKey("а", buffer: "к", profileID: standardProfile),
                       ConversionResult(output: "か", buffer: "", action: .commit))
        XCTAssertEqual(engine.profiles()?.first?.id, standardProfile)
        XCTAssertNoThrow(try engine.initializeWithBundledResources(), "a reload takes the write lock")
        XCTAssertEqual(typeText("сэнсэй", profile: standardProfile), "せんせい")

        // Poisoning it again after the reload changes nothing either.
        XCTAssertNil(RustCoreEngine.takeString(rust_test_panic(true)))
        XCTAssertEqual(typeText("ниндзя", profile: standardProfile), "にんじゃ")
    }

    func testPanicWithoutTheLockLeavesTheSharedEngineWorking() {
        XCTAssertNil(RustCoreEngine.takeString(rust_test_panic(false)))
        XCTAssertEqual(typeText("аригато-", profile: standardProfile), "ありがとー")
    }

    func testTakeStringCopiesAndFreesWhatTheCoreReturned() {
        XCTAssertNil(RustCoreEngine.takeString(nil))
        let json = RustCoreEngine.takeString("ка".withCString { rust_process_key($0, "", standardProfile) })
        // A two-character key is composed at once, like a pasted syllable.
        XCTAssertEqual(json.flatMap(ConversionResultDecoder.decode),
                       ConversionResult(output: "か", buffer: "", action: .commit))
    }

    func testTheLinkedLibraryImplementsTheHeadersABIVersion() throws {
        // Three sources that can drift apart: the header file in include/, the header this
        // module was compiled against, and the library linked in (built from rust_core).
        let headerFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("include/cyrillic_ime_core.h")
        let header = try String(contentsOf: headerFile, encoding: .utf8)
        let defined = header.split(separator: "\n").first { $0.hasPrefix("#define CYRILLIC_IME_CORE_ABI_VERSION ") }
        let fromFile = try XCTUnwrap(defined.flatMap { UInt32($0.split(separator: " ").last ?? "") }, "no ABI version in \(headerFile.path)")
        XCTAssertEqual(UInt32(CYRILLIC_IME_CORE_ABI_VERSION), fromFile, "the module was compiled against another header: rebuild")
        XCTAssertEqual(rust_abi_version(), fromFile, "the library linked in implements another ABI: rebuild it with scripts/build_rust.sh")
    }

    func testTheCoreNamesItsPackageVersion() throws {
        let version = try XCTUnwrap(RustCoreEngine.shared.coreVersion)
        XCTAssertEqual(version.split(separator: ".").count, 3, version)
        XCTAssertTrue(version.allSatisfy { $0.isNumber || $0 == "." }, version)
    }
}
