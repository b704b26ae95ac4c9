import CyrillicIME
import CyrillicIMEKeyboard
import CyrillicIMETestSupport
import Foundation

/// Benchmark layers measured from Swift (driven by scripts/bench.sh):
///   layer3 — `RustCoreEngine.processKey`, including decoding into `ConversionResult`;
///   layer4 — `KeyboardController.tap`: tap → text inserted into the in-memory UTF-16 document
///            (the seed design's "key tap to hiragana inserted" metric).
/// Replays a corpus key by key with the real pending buffer (a space after each word),
/// times every call, and writes one latency per line (ns) for scripts/tools/bench_report.py.
///
/// Usage: cyrillic-ime-bench layer3|layer4 CORPUS PROFILE_ID KEYS SAMPLES_OUT

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
            let controller = KeyboardController(
                engine: engine, proxy: document, profiles: profiles, scheduler: MainQueueScheduler())
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

struct BenchError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 5, ["layer3", "layer4"].contains(arguments[0]), let keys = Int(arguments[3]), keys > 0 else {
    FileHandle.standardError.write(Data("usage: cyrillic-ime-bench layer3|layer4 CORPUS PROFILE_ID KEYS SAMPLES_OUT\n".utf8))
    exit(64)
}
do {
    let stream = try keystrokes(ofCorpusAt: arguments[1])
    try RustCoreEngine.shared.initializeWithBundledResources()
    let run = arguments[0] == "layer3" ? benchmarkEngine : benchmarkKeyboard
    try run(stream, arguments[2], keys, arguments[4])
} catch {
    FileHandle.standardError.write(Data("cyrillic-ime-bench: \(error)\n".utf8))
    exit(1)
}
