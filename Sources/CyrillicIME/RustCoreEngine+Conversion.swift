import CCyrillicIMECore

/// Kana→kanji conversion through the core (docs/FFI.md, "Conversion"). Every call is one
/// export: a JSON request in, a JSON answer out, copied and freed at once. On any failure
/// the error carries the reading, so the keyboard can commit the kana as typed.
extension RustCoreEngine {
    /// Opens, validates and swaps in the compiled dictionary at `path`. On failure the
    /// dictionary that was loaded stays loaded, and the error names the file and the problem.
    @discardableResult
    public func loadDictionary(atPath path: String) throws(DictionaryLoadError) -> DictionaryInfo {
        let json = path.withCString { Self.takeString(rust_load_dictionary($0)) }
        switch ConversionAnswer.decode(DictionaryInfo.self, from: json, reading: "") {
        case .success(let info): return info
        case .failure(let error): throw DictionaryLoadError(message: error.message)
        }
    }

    /// The loaded dictionary, or `nil` when none is loaded.
    public func dictionaryInfo() -> DictionaryInfo? {
        guard let json = Self.takeString(rust_dictionary_info()) else { return nil }
        return try? JSONDecoding.decode(DictionaryInfo.self, from: json)
    }

    /// Converts `request.reading` (`ConversionRequest`: its fixed segments, word boundaries,
    /// candidates and alternatives, whether heard spellings match, the context before it and
    /// what was typed for it).
    public func convert(_ request: ConversionRequest) -> Result<KanjiConversion, KanjiConversionError> {
        let json = ConversionRequestBody.json(request.body).withCString { Self.takeString(rust_convert($0)) }
        return ConversionAnswer.decode(KanjiConversion.self, from: json, reading: request.reading)
    }

    /// Like `convert`, but never fails: a failed conversion is the reading, unconverted.
    public func convertOrFallback(_ request: ConversionRequest) -> KanjiConversion {
        (try? convert(request).get()) ?? .unconverted(request.reading)
    }

    /// The conversion with one segment made longer or shorter and the rest converted again
    /// (`ResizeRequest`).
    public func resizeSegment(_ request: ResizeRequest) -> Result<KanjiConversion, KanjiConversionError> {
        let json = ConversionRequestBody.json(request.body).withCString { Self.takeString(rust_resize_segment($0)) }
        return ConversionAnswer.decode(KanjiConversion.self, from: json, reading: request.conversion.reading)
    }

    /// More candidates for one segment of a conversion, its segmentation kept
    /// (`SegmentCandidatesRequest`).
    public func candidates(_ request: SegmentCandidatesRequest) -> Result<[String], KanjiConversionError> {
        let json = ConversionRequestBody.json(request.body).withCString { Self.takeString(rust_segment_candidates($0)) }
        return ConversionAnswer.candidates(from: json, reading: request.conversion.reading)
    }

    /// Predictions for what is being composed (`PredictionRequest`): with typed words, the
    /// foreign forms of the word that is the whole reading among them.
    public func predictions(_ request: PredictionRequest) -> Result<[KanjiPrediction], KanjiConversionError> {
        let json = ConversionRequestBody.json(request.body).withCString { Self.takeString(rust_predict($0)) }
        return ConversionAnswer.predictions(from: json, reading: request.reading)
    }

    /// Predictions for the kana `reading` alone, after `context`.
    public func predictions(
        for reading: String, limit: Int = 9, context: ConversionContext = .none
    ) -> Result<[KanjiPrediction], KanjiConversionError> {
        predictions(PredictionRequest(reading, limit: limit, context: context))
    }

    /// The words that usually follow `context` (next-word prediction: predictions of an empty
    /// reading). Without a context, or one the core finds no known word in, none.
    public func nextWords(after context: ConversionContext, limit: Int = 9) -> Result<[KanjiPrediction], KanjiConversionError> {
        guard context.payload != nil else { return .success([]) }
        return predictions(for: "", limit: limit, context: context)
    }
}
