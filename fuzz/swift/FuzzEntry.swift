import Foundation

/// libFuzzer entry points of the `typing` target (built by scripts/fuzz.sh with
/// `swiftc -sanitize=fuzzer,address` over Sources/CyrillicIME and fuzz/swift).
/// Each input is one typing session starting from an empty document in a random profile.

private struct FuzzContext {
    var reference: ReferenceComposer
    var letters: [String]
    var profileIDs: [String]
}

nonisolated(unsafe) private var context: FuzzContext?

/// The data directory: $CYRILLIC_IME_RESOURCES, else the repository's bundled resources.
private func resourcesDirectory() -> URL {
    if let path = ProcessInfo.processInfo.environment["CYRILLIC_IME_RESOURCES"], !path.isEmpty {
        return URL(fileURLWithPath: path)
    }
    return URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CyrillicIME/Resources")
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let directory = resourcesDirectory()
    do {
        let profiles = try String(contentsOf: directory.appendingPathComponent("profiles.json"), encoding: .utf8)
        let kana = try String(contentsOf: directory.appendingPathComponent("japaneseKanaEngine.json"), encoding: .utf8)
        try RustCoreEngine.shared.initialize(profilesJSON: profiles, kanaEngineJSON: kana)
        let reference = try ReferenceComposer(profilesJSON: profiles, kanaEngineJSON: kana)
        guard let described = RustCoreEngine.shared.profiles() else { fatalError("no profiles") }
        var letters: [String] = []
        for profile in described {
            for row in profile.rows.dropFirst().prefix(3) {
                for label in row where !letters.contains(label) {
                    letters.append(label)
                    let capital = label.uppercased()
                    if capital != label, !letters.contains(capital) { letters.append(capital) }
                }
            }
        }
        // Conversion needs the dictionary ($CYRILLIC_IME_DICTIONARY, which scripts/test.sh
        // sets); without it every conversion fails and the fallback (kana) is what is checked.
        if let path = ProcessInfo.processInfo.environment["CYRILLIC_IME_DICTIONARY"], !path.isEmpty {
            do {
                try RustCoreEngine.shared.loadDictionary(atPath: path)
            } catch {
                fatalError("typing fuzzer: cannot load the dictionary \(path): \(error)")
            }
        }
        let ids = described.flatMap { [$0.id, $0.id + ":katakana", $0.id + ":hiragana"] }
        precondition(Set(described.map(\.id)) == Set(reference.profiles.keys), "the reference reads other profiles than the core")
        context = FuzzContext(reference: reference, letters: letters, profileIDs: ids)
    } catch {
        fatalError("typing fuzzer: cannot load the data from \(directory.path): \(error)")
    }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let context, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let profile = context.profileIDs[Int(bytes[0]) % context.profileIDs.count]
    let steps = TypingSession.decode(Array(bytes.dropFirst()), letters: context.letters, profileIDs: context.profileIDs)
    // The top bit picks the layer: the keyboard controller over the UTF-16 document, or
    // RustCoreEngine with the host's part reduced to a string; with the controller, the next
    // bit makes the profile convert (compose, the candidate bar), and the two after it turn
    // live conversion on (as the keyboard ships) with space converting or marking a word
    // boundary.
    let live: KeyboardControllerDriver.LiveMode = bytes[0] & 0x20 == 0 ? .off
        : bytes[0] & 0x10 == 0 ? .spaceConverts : .spaceSeparatesWords
    let driver: TypingSessionDriver = bytes[0] & 0x80 != 0
        ? KeyboardControllerDriver(profileID: profile, converts: bytes[0] & 0x40 != 0, live: live)
        : RustCoreEngineDriver(profileID: profile)
    SessionChecker(reference: context.reference, driver: driver).run(steps)
    return 0
}
