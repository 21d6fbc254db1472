//! AdamW: Adam with decoupled weight decay, one moment pair per parameter.

use rayon::prelude::*;

/// Parameters a task updates: large enough that a task outweighs its scheduling.
const BLOCK: usize = 1 << 14;

pub struct AdamW {
    pub beta1: f32,
    pub beta2: f32,
    pub epsilon: f32,
    pub weight_decay: f32,
    /// First and second moments, one each per parameter.
    pub moments: Vec<[f32; 2]>,
    /// Steps taken (for the bias correction).
    pub steps: u64,
}

impl AdamW {
    pub fn new(params: usize, weight_decay: f32) -> AdamW {
        AdamW { beta1: 0.9, beta2: 0.999, epsilon: 1e-8, weight_decay, moments: vec![[0.0; 2]; params], steps: 0 }
    }

    /// One step of size `lr` down the mean gradient of a batch of `samples`, whose gradients sum to
    /// `grad_sum`, each parameter kept within `±limit` (in the same pass: one less over every
    /// parameter). Every parameter moves on its own: the parameters are split among the threads.
    pub fn step(&mut self, params: &mut [f32], grad_sum: &[f32], samples: usize, lr: f32, limit: f32) {
        self.steps += 1;
        let correction1 = 1.0 - self.beta1.powi(self.steps.min(i32::MAX as u64) as i32);
        let correction2 = 1.0 - self.beta2.powi(self.steps.min(i32::MAX as u64) as i32);
        let (beta1, beta2, epsilon, decay) = (self.beta1, self.beta2, self.epsilon, self.weight_decay);
        let n = samples.max(1) as f32;
        let blocks =
            params.par_chunks_mut(BLOCK).zip(grad_sum.par_chunks(BLOCK)).zip(self.moments.par_chunks_mut(BLOCK));
        blocks.for_each(|((params, grads), moments)| {
            for ((p, g), m) in params.iter_mut().zip(grads).zip(moments) {
                let g = g / n;
                m[0] = beta1 * m[0] + (1.0 - beta1) * g;
                m[1] = beta2 * m[1] + (1.0 - beta2) * g * g;
                let update = (m[0] / correction1) / ((m[1] / correction2).sqrt() + epsilon);
                *p = (*p - lr * (update + decay * *p)).max(-limit).min(limit);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adamw_walks_down_a_quadratic_bowl() {
        // f(x, y) = (x - 3)² + 10 (y + 1)²: the minimum is at (3, -1).
        let mut params = vec![0.0, 0.0];
        let mut optimizer = AdamW::new(2, 0.0);
        for _ in 0..3000 {
            let grad = [2.0 * (params[0] - 3.0), 20.0 * (params[1] + 1.0)];
            optimizer.step(&mut params, &grad, 1, 0.01, f32::INFINITY);
        }
        assert!((params[0] - 3.0).abs() < 0.01 && (params[1] + 1.0).abs() < 0.01, "{params:?}");
        // With a limit of 2 the walk stops at the wall x = 2.
        for _ in 0..3000 {
            let grad = [2.0 * (params[0] - 3.0), 20.0 * (params[1] + 1.0)];
            optimizer.step(&mut params, &grad, 1, 0.01, 2.0);
        }
        assert!(params[0] == 2.0 && (params[1] + 1.0).abs() < 0.01, "{params:?}");
    }
}
