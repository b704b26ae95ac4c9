import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// Benchmark layers measured from Swift (driven by scripts/bench.sh):
///   layer3 — `RustCoreEngine.processKey`, including decoding into `ConversionResult`;
///   layer4 — `KeyboardController.tap`: tap → text inserted into the in-memory UTF-16 document
///            (the seed design's "key tap to hiragana inserted" metric);
///   layer4bar — `KeyboardController.tap` in a converting profile: tap → candidate bar updated
///            (letters compose and update the predictions, space converts and lists the first
///            segment's candidates, return commits). Needs $CYRILLIC_IME_DICTIONARY.
/// Replays a corpus key by key with the real pending buffer (a space after each word),
/// times every call, and writes one latency per line (ns) for scripts/tools/bench_report.py.
///
/// Usage: cyrillic-ime-bench layer3|layer4|layer4bar CORPUS PROFILE_ID KEYS SAMPLES_OUT

func keystrokes(ofCorpusAt path: String) throws -> [String] {
    let corpus = try String(contentsOfFile: path, encoding: .utf8)
    return corpus.split(whereSeparator: \.isWhitespace).flatMap { word in word.map(String.init) + [" "] }
}

func nowNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The protocol every layer follows: a warm-up of a tenth of the run, the run with every
/// call timed, then the same run untimed per call for ns/key free of clock reads; writes the
/// samples for scripts/tools/bench_report.py. `type(count, samples)` types `count` keys and,
/// given a buffer, records each call's nanoseconds in it.
func measure(
    layer: String, keys: Int, samplesPath: String,
    type: (Int, UnsafeMutableBufferPointer<UInt64>?) -> Void
) throws {
    type(keys / 10, nil)
    var samples = [UInt64](repeating: 0, count: keys)
    samples.withUnsafeMutableBufferPointer { type(keys, $0) }
    let start = nowNanoseconds()
    type(keys, nil)
    let batch = Double(nowNanoseconds() - start) / Double(keys)
    var text = String(format: "# \(layer) batch_ns_per_key=%.1f\n", batch)
    text.reserveCapacity(samples.count * 6)
    for sample in samples { text += "\(sample)\n" }
    try text.write(toFile: samplesPath, atomically: true, encoding: .utf8)
}

func benchmarkEngine(stream: [String], profileID: String, keys: Int, samplesPath: String) throws {
    let engine = RustCoreEngine.shared
    func type(_ count: Int, recording samples: UnsafeMutableBufferPointer<UInt64>?) {
        var buffer = ""
        for index in 0..<count {
            let key = stream[index % stream.count]
            let start = samples == nil ? 0 : nowNanoseconds()
            guard let result = engine.processKey(key, buffer: buffer, profileID: profileID) else {
                fatalError("the core returned NULL")
            }
            samples?[index] = nowNanoseconds() - start
            buffer = result.buffer
        }
    }
    try measure(layer: "layer3", keys: keys, samplesPath: samplesPath, type: type)
}

/// Taps go to a keyboard controller over an in-memory document, as on a device. Every few
/// hundred keys a fresh text field (controller and document) is set up, untimed, so the
/// document stays the size of a message rather than growing for the whole run.
func benchmarkKeyboard(stream: [String], profileID: String, keys: Int, samplesPath: String) throws {
    let engine = RustCoreEngine.shared
    let profiles = try ProfileManager(engine: engine, keyboardStore: InMemorySettingsStore())
    guard profiles.select(profileID) else { throw BenchError(message: "unknown profile \(profileID)") }
    let taps: [KeyboardKey] = stream.map { $0 == " " ? .space : .character($0) }
    let keysPerField = 400
    func type(_ count: Int, recording samples: UnsafeMutableBufferPointer<UInt64>?) {
        var index = 0
        while index < count {
            let document = InMemoryTextDocumentProxy()
            // Kana-only: the layer measures the kana path as it always has.
            let controller = KeyboardController(
                engine: engine, proxy: document, profiles: profiles, scheduler: MainQueueScheduler(),
                settings: KeyboardSettings(kanaOnlyProfiles: Set(profiles.profiles.map(\.id))))
            for _ in 0..<min(keysPerField, count - index) {
                let tap = taps[index % taps.count]
                let start = samples == nil ? 0 : nowNanoseconds()
                controller.tap(tap)
                samples?[index] = nowNanoseconds() - start
                index += 1
            }
            if let error = controller.lastError { fatalError("keyboard error: \(error)") }
        }
    }
    try measure(layer: "layer4", keys: keys, samplesPath: samplesPath, type: type)
}

/// The converting keyboard: every word is typed, converted with space and committed with
/// return; each tap is timed until the candidate bar (the model the view renders) is updated.
func benchmarkCandidateBar(stream: [String], profileID: String, keys: Int, samplesPath: String) throws {
    let engine = RustCoreEngine.shared
    guard let path = ProcessInfo.processInfo.environment["CYRILLIC_IME_DICTIONARY"], !path.isEmpty else {
        throw BenchError(message: "layer4bar needs CYRILLIC_IME_DICTIONARY (scripts/build_dictionary.sh builds it)")
    }
    try engine.loadDictionary(atPath: path)
    let profiles = try ProfileManager(engine: engine, keyboardStore: InMemorySettingsStore())
    guard profiles.select(profileID) else { throw BenchError(message: "unknown profile \(profileID)") }
    // A word's letters, space (convert), return (commit).
    let taps: [KeyboardKey] = stream.flatMap { $0 == " " ? [KeyboardKey.space, .enter] : [.character($0)] }
    let keysPerField = 400
    var barItems = 0
    // Space converts, as this layer has always measured: live conversion (on by default, the
    // Cyrillic space habit with it) is measured key by key by scripts/tools/live_vs_mecab.py.
    var settings = KeyboardSettings()
    settings.live = LiveConversionSettings(isOn: false, spaceHabits: Dictionary(uniqueKeysWithValues: profiles.profiles.map { ($0.id, .japanese) }))
    func type(_ count: Int, recording samples: UnsafeMutableBufferPointer<UInt64>?) {
        var index = 0
        while index < count {
            let document = InMemoryTextDocumentProxy()
            let controller = KeyboardController(
                engine: engine, proxy: document, profiles: profiles, scheduler: MainQueueScheduler(), settings: settings)
            for _ in 0..<min(keysPerField, count - index) {
                let tap = taps[index % taps.count]
                let start = samples == nil ? 0 : nowNanoseconds()
                controller.tap(tap)
                barItems &+= controller.candidateBar.items.count
                samples?[index] = nowNanoseconds() - start
                index += 1
            }
            controller.keyboardWillHide()
        }
    }
    try measure(layer: "layer4bar", keys: keys, samplesPath: samplesPath, type: type)
    if barItems == 0 { throw BenchError(message: "the candidate bar never showed anything") }
}

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, ["layer3", "layer4", "layer4bar"].contains(arguments[0]), let keys = Int(arguments[3]), keys > 0 else {
    FileHandle.standardError.write(Data("usage: cyrillic-ime-bench layer3|layer4|layer4bar CORPUS PROFILE_ID KEYS SAMPLES_OUT\n".utf8))
    exit(64)
}
do {
    let stream = try keystrokes(ofCorpusAt: arguments[1])
    try RustCoreEngine.shared.initializeWithBundledResources()
    let run = switch arguments[0] {
    case "layer3": benchmarkEngine
    case "layer4": benchmarkKeyboard
    default: benchmarkCandidateBar
    }
    try run(stream, arguments[2], keys, arguments[4])
} catch {
    FileHandle.standardError.write(Data("cyrillic-ime-bench: \(error)\n".utf8))
    exit(1)
}
