import CyrillicIME
import Foundation

/// Where the writer's learning and words live, and how they follow the keyboard's access
/// (docs/INTEGRATION.md, "Where the store and the settings live").
///
/// - Without Full Access a keyboard extension writes only its own container (it may read the
///   App Group container): the store lives there (`keyboardDirectory`). Learning works; the
///   app does not see it.
/// - With Full Access it can write the App Group container it shares with its app: the store
///   lives there (`sharedDirectory`), where the settings app lists and edits the words.
///
/// `open` opens the store where it belongs now, and moves it so that nothing learned is lost:
/// - given Full Access, the keyboard's own store moves into the shared place. Only the keyboard
///   learns, so its own files are the newest learning and replace the shared ones, which are
///   kept in `set-aside/` of the shared place, never deleted; the words the shared store had
///   (the app may have added some) are added back through the core: the words are the union;
/// - without Full Access and with no store of its own yet (access was just taken away, or
///   the keyboard is new), the keyboard starts from a copy of the shared store, which it may
///   read: what was learned with Full Access goes on working.
public struct UserStorePlacement: Equatable, Sendable {
    public enum Place: String, Equatable, Sendable {
        case keyboard
        case shared
    }

    /// What `open` did.
    public struct Opened: Equatable, Sendable {
        public var place: Place
        public var info: UserStoreInfo
        /// Files moved from the keyboard's directory into the shared one.
        public var moved: [String]
        /// Files copied from the shared directory to start the keyboard's own store.
        public var copied: [String]
        /// Shared files the keyboard's replaced, now in the shared `set-aside/`.
        public var setAside: [String]
        /// Words of the shared store added back after the keyboard's store moved in.
        public var wordsAdded: Int
        /// What went wrong while moving, without stopping the store from opening, fit to show
        /// (the core's own warnings about the opened store are in `info.warnings`).
        public var warnings: [String]
    }

    /// A folder in the keyboard extension's own container (always writable by it).
    public var keyboardDirectory: URL
    /// A folder in the App Group container, or `nil` when the app has no App Group.
    public var sharedDirectory: URL?

    public static let setAsideFolderName = "set-aside"

    public init(keyboardDirectory: URL, sharedDirectory: URL?) {
        self.keyboardDirectory = keyboardDirectory
        self.sharedDirectory = sharedDirectory
    }

    /// The usual places: `folder` in the extension's Application Support, and in the App Group
    /// container `appGroup` when there is one (`containerURL` answers `nil` without it).
    public static func standard(appGroup: String?, folder: String = "CyrillicIME") -> UserStorePlacement {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        var shared: URL?
        #if canImport(Darwin)
        if let appGroup {
            shared = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)?
                .appendingPathComponent(folder, isDirectory: true)
        }
        #endif
        return UserStorePlacement(keyboardDirectory: support.appendingPathComponent(folder, isDirectory: true),
                                  sharedDirectory: shared)
    }

    /// The place the store belongs in with this access.
    public func place(hasFullAccess: Bool) -> Place {
        hasFullAccess && sharedDirectory != nil ? .shared : .keyboard
    }

    /// Opens the store where it belongs (see the type's comment), moving or copying it first
    /// when needed. Throws only when the store cannot be opened at all; the keyboard then
    /// converts without learning.
    public func open(in engine: RustCoreEngine, hasFullAccess: Bool) throws(UserStoreError) -> Opened {
        var steps = Steps()
        guard place(hasFullAccess: hasFullAccess) == .shared, let shared = sharedDirectory else {
            if let shared = sharedDirectory, storeFiles(in: keyboardDirectory).isEmpty {
                copyStore(from: shared, recording: &steps)
            }
            let info = try engine.openUserStore(atDirectory: keyboardDirectory.path)
            return steps.opened(.keyboard, info)
        }
        let ownFiles = storeFiles(in: keyboardDirectory)
        guard !ownFiles.isEmpty else {
            return steps.opened(.shared, try engine.openUserStore(atDirectory: shared.path))
        }
        // The words the shared store holds, read by the core (which knows its own files).
        let sharedWords = storeFiles(in: shared).isEmpty ? [] : words(in: shared, engine: engine, warnings: &steps.warnings)
        engine.closeUserStore()
        moveStore(ownFiles, into: shared, recording: &steps)
        var info = try engine.openUserStore(atDirectory: shared.path)
        let present = Set(((try? engine.userWords()) ?? []).map { "\($0.reading)\t\($0.text)" })
        for word in sharedWords where !present.contains("\(word.reading)\t\(word.text)") {
            do {
                let added = try engine.addUserWord(reading: word.reading, text: word.text, wordClass: word.wordClass)
                info.words = added.value.count
                steps.wordsAdded += 1
                if let problem = added.save.problem { steps.warnings.append(problem) }
            } catch {
                steps.warnings.append("the word \(word.text) (\(word.reading)) was not added back: \(error.message)")
            }
        }
        return steps.opened(.shared, info)
    }

    /// What `open` did on the way, before the store is open.
    private struct Steps {
        var moved: [String] = []
        var copied: [String] = []
        var setAside: [String] = []
        var wordsAdded = 0
        var warnings: [String] = []

        func opened(_ place: Place, _ info: UserStoreInfo) -> Opened {
            Opened(place: place, info: info, moved: moved, copied: copied, setAside: setAside,
                   wordsAdded: wordsAdded, warnings: warnings)
        }
    }

    private func words(in directory: URL, engine: RustCoreEngine, warnings: inout [String]) -> [UserWord] {
        do {
            _ = try engine.openUserStore(atDirectory: directory.path)
            return try engine.userWords()
        } catch {
            warnings.append("the words in \(directory.path) could not be read: \(error.message)")
            return []
        }
    }

    /// Moves the keyboard's files into `shared`; a shared file of the same name goes to `set-aside/`.
    private func moveStore(_ files: [String], into shared: URL, recording opened: inout Steps) {
        do {
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        } catch {
            opened.warnings.append("cannot create \(shared.path): \(error.localizedDescription)")
            return
        }
        for name in files {
            let source = keyboardDirectory.appendingPathComponent(name)
            let target = shared.appendingPathComponent(name)
            do {
                if FileManager.default.fileExists(atPath: target.path) {
                    try moveAside(target, name: name, in: shared)
                    opened.setAside.append(name)
                }
                try FileManager.default.moveItem(at: source, to: target)
                opened.moved.append(name)
            } catch {
                opened.warnings.append("cannot move \(source.path) to \(shared.path): \(error.localizedDescription)")
            }
        }
    }

    /// Copies the shared store's files to start the keyboard's own.
    private func copyStore(from shared: URL, recording opened: inout Steps) {
        let files = storeFiles(in: shared)
        guard !files.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(at: keyboardDirectory, withIntermediateDirectories: true)
            for name in files {
                try FileManager.default.copyItem(at: shared.appendingPathComponent(name),
                                                 to: keyboardDirectory.appendingPathComponent(name))
                opened.copied.append(name)
            }
        } catch {
            opened.warnings.append("cannot copy the shared store from \(shared.path): \(error.localizedDescription)")
        }
    }

    /// The regular files of a store directory (folders such as `set-aside/` are not the store's).
    private func storeFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }
    }

    /// Moves `source` to `set-aside/<name>` of `directory`, or `<name>-<n>` when that is taken.
    private func moveAside(_ source: URL, name: String, in directory: URL) throws {
        let folder = directory.appendingPathComponent(Self.setAsideFolderName, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var target = folder.appendingPathComponent(name)
        var n = 1
        while FileManager.default.fileExists(atPath: target.path) {
            target = folder.appendingPathComponent("\(name)-\(n)")
            n += 1
        }
        try FileManager.default.moveItem(at: source, to: target)
    }
}
