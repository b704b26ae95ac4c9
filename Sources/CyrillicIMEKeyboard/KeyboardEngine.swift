@_exported import CyrillicIME

/// What the keyboard needs from the conversion engine. `RustCoreEngine` is the real one;
/// tests inject others to simulate a core that returns nothing (`nil`) or fails to convert.
/// Each conversion call takes its request value (`ConversionRequest`, `ResizeRequest`,
/// `SegmentCandidatesRequest`, `PredictionRequest`), which carries the context and the writer's typed words; an
/// engine that has no use for them ignores them.
public protocol KeyboardEngine: AnyObject {
    /// The core's answer to one key, or `nil` when it returned nothing (a caught panic).
    func processKey(_ key: String, buffer: String, profileID: String) -> ConversionResult?
    /// The next form of one kana in its dakuten cycle, or `nil` when the core returned nothing.
    func cycleDakuten(_ character: String) -> DakutenResult?
    /// The profiles of the running engine, or `nil` when none is initialised.
    func profiles() -> [ProfileDescription]?
    /// Kana→kanji conversion of a reading (docs/FFI.md, "Conversion").
    func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError>
    /// A conversion with one segment made longer or shorter, converted again.
    func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError>
    /// More candidates for one segment of a conversion.
    func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError>
    /// Predictions for what is composed, with the words typed for it, after its context.
    func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError>
    /// The words that usually follow `context` (the bar after a commit).
    func nextWords(after context: ConversionContext, limit: Int) -> Result<[KanjiPrediction], KanjiConversionError>
}

extension RustCoreEngine: KeyboardEngine {}
