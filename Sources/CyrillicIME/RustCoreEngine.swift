import CCyrillicIMECore

/// The Swift face of the Rust core, and the only Swift code that touches its raw pointers.
///
/// Every string the core returns is copied into a Swift `String` and freed at once;
/// a NULL result (the core caught a panic) becomes `nil`.
///
/// Concurrency: the core is thread-safe and this type holds no mutable state, so it is
/// `Sendable` and one instance (`shared`) can be used from any thread or task.
public final class RustCoreEngine: Sendable {
    /// Why `initialize` failed, in the core's words (file, JSON path and problem).
    public struct InitializationError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The signature of `rust_process_key`; injectable so tests can drive the NULL path.
    typealias ProcessKeyFunction = @Sendable (
        UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<CChar>
    ) -> UnsafeMutablePointer<CChar>?

    public static let shared = RustCoreEngine()

    private let processKeyFunction: ProcessKeyFunction

    public convenience init() {
        self.init(processKeyFunction: { rust_process_key($0, $1, $2) })
    }

    init(processKeyFunction: @escaping ProcessKeyFunction) {
        self.processKeyFunction = processKeyFunction
    }

    /// The C ABI version of the loaded library.
    public var abiVersion: UInt32 { rust_abi_version() }

    /// The core's package version (rust_core/Cargo.toml), e.g. "0.1.0"; nil only after a
    /// caught panic.
    public var coreVersion: String? { Self.takeString(rust_core_version()) }

    /// Parses, validates and swaps in both documents. On failure the engine that was
    /// running keeps running and the error says what was wrong and where.
    public func initialize(profilesJSON: String, kanaEngineJSON: String) throws(InitializationError) {
        let succeeded = profilesJSON.withCString { profiles in
            kanaEngineJSON.withCString { kana in rust_init_engine(profiles, kana) }
        }
        if !succeeded {
            let reason = Self.takeString(rust_last_init_error()) ?? ""
            throw InitializationError(message: reason.isEmpty ? "the Rust core rejected the data" : reason)
        }
    }

    /// Loads `profiles.json` and `japaneseKanaEngine.json` from the library's bundle.
    public func initializeWithBundledResources() throws(InitializationError) {
        let profiles: String
        let kana: String
        do {
            profiles = try BundledResources.text(of: BundledResources.profilesFileName)
            kana = try BundledResources.text(of: BundledResources.kanaEngineFileName)
        } catch {
            throw InitializationError(message: "cannot read the bundled data: \(error)")
        }
        try initialize(profilesJSON: profiles, kanaEngineJSON: kana)
    }

    /// Sends one key (a character, or one of `EngineKey`) with the pending buffer.
    /// Returns `nil` only when the core returned NULL; see `processKeyOrFallback`.
    public func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult? {
        let json = key.withCString { keyPointer in
            buffer.withCString { bufferPointer in
                profileID.withCString { profilePointer in
                    Self.takeString(processKeyFunction(keyPointer, bufferPointer, profilePointer))
                }
            }
        }
        return json.flatMap(ConversionResultDecoder.decode)
    }

    /// Like `processKey`, but never `nil`: when the core returns nothing, the documented
    /// fallback commits the pending buffer and the key as typed (`ConversionResult.fallback`).
    public func processKeyOrFallback(_ key: String, buffer: String, profileID: String) -> ConversionResult {
        processKey(key, buffer: buffer, profileID: profileID) ?? .fallback(key: key, buffer: buffer)
    }

    /// The dakuten key: the next form of `character` (one kana) in its cycle, e.g.
    /// は → ば → ぱ → は. Returns `nil` only when the core returned NULL.
    public func cycleDakuten(_ character: String) -> DakutenResult? {
        let json = character.withCString { Self.takeString(rust_cycle_dakuten($0)) }
        return json.flatMap { try? JSONDecoding.decode(DakutenResult.self, from: $0) }
    }

    /// The profiles of the running engine, or `nil` when none is initialised.
    public func profiles() -> [ProfileDescription]? {
        guard let json = Self.takeString(rust_profiles_json()) else { return nil }
        return try? JSONDecoding.decode(ProfileList.self, from: json).profiles
    }

    /// Copies a string the core returned and frees it immediately. NULL stays `nil`.
    static func takeString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { rust_free_string(pointer) }
        return String(cString: pointer)
    }
}
